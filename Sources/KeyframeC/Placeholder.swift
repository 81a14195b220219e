public let _placeholder = 0
