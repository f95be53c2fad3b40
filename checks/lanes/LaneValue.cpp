// Filled in by the lane algebra.
