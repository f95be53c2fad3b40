# A coverage tool that forgot one family of the reader's.
PTX_OPCODES = ("ld", "ldu", "st", "atom", "red", "cp.async", "ldmatrix")
