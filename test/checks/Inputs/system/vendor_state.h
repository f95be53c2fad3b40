// A library's per-thread state, installed as a system header (-isystem) the
// way a toolkit's random-number generators are: the user keeps an array of
// these and hands the library one element per thread.
#pragma once

struct VendorState {
  unsigned words[5];
  unsigned counter;
  float spare;
  int hasSpare;
};

__device__ inline void vendorSeed(unsigned long long seed, unsigned id,
                                  VendorState *st) {
  for (int i = 0; i < 5; ++i)
    st->words[i] = static_cast<unsigned>(seed >> i) ^ id;
  st->counter = id;
  st->spare = 0.0f;
  st->hasSpare = 0;
}

// Seeds from the user's table (read by every lane alike) into the state.
__device__ inline void vendorSeedFrom(const unsigned *table, VendorState *st) {
  for (int i = 0; i < 5; ++i)
    st->words[i] = table[i];
  st->counter = table[0];
}

// Reads a user's plain array, two words per lane 8 words apart.
__device__ inline float vendorMix(const float *table, int lane) {
  return table[lane * 8] + table[lane * 8 + 1];
}
