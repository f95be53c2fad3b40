#pragma once
// Reached only through -Iinclude.
constexpr int kTileWidth = 32;
