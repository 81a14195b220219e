import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Each thread's last error message, as `kf_last_error` returns it.
///
/// The message lives in a per-thread heap buffer (a pthread key whose
/// destructor frees it when the thread exits), so the pointer handed to C
/// stays valid until the same thread records another error.
enum LastError {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
  }()

  /// Records `message` as the calling thread's last error.
  static func set(_ message: String) {
    let old = pthread_getspecific(key)
    // A NUL inside (a name read from a file) would end the C string early.
    let copy = NameText.escapingNUL(message).withCString { strdup($0) }
    guard copy != nil else { return }
    pthread_setspecific(key, copy)
    free(old)
  }

  /// The calling thread's last error, or "" if there has been none.
  static var current: UnsafePointer<CChar> {
    if let message = pthread_getspecific(key) {
      return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
    return StaticString("").cString
  }
}
