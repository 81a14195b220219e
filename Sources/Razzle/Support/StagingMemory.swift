import RazzleStores

/// Calls `body` with `bytes` of scratch memory on transparent huge pages
/// where the kernel offers them (``razzle_staging_alloc``: 2 MiB aligned),
/// else ordinary memory aligned to a cache line. For scratch that many
/// scattered stores go to (a frame matrix's staging tiles, a bulk sort's
/// buckets): a few pages instead of thousands, so the stores neither fault
/// nor miss the TLB page by page. The memory is uninitialized and valid
/// only inside `body`.
func withStagingMemory<R>(bytes: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
  if let staged = razzle_staging_alloc(bytes) {
    defer { razzle_staging_free(staged, bytes) }
    return body(UnsafeMutableRawPointer(staged))
  }
  let block = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(bytes, 1), alignment: 64)
  defer { block.deallocate() }
  return body(block)
}
