// One of seven headers behind MemoryAccess.h.
