// A class one member function too wide, and a function one line too long;
// a class at the limit once its deleted and defaulted members are left
// out; a class whose part holds *this but that can be copied, and one that
// cannot.
#include "checks/lanes/Unit.h"

class Wide {
public:
  // Neither deleted nor defaulted members are counted: 31 do something.
  Wide() = default;
  Wide(const Wide &) = delete;
  Wide &operator=(const Wide &) = delete;
  ~Wide() = default;
  int m0() const { return 0; }
  int m1() const { return 1; }
  int m2() const { return 2; }
  int m3() const { return 3; }
  int m4() const { return 4; }
  int m5() const { return 5; }
  int m6() const { return 6; }
  int m7() const { return 7; }
  int m8() const { return 8; }
  int m9() const { return 9; }
  int m10() const { return 10; }
  int m11() const { return 11; }
  int m12() const { return 12; }
  int m13() const { return 13; }
  int m14() const { return 14; }
  int m15() const { return 15; }
  int m16() const { return 16; }
  int m17() const { return 17; }
  int m18() const { return 18; }
  int m19() const { return 19; }
  int m20() const { return 20; }
  int m21() const { return 21; }
  int m22() const { return 22; }
  int m23() const { return 23; }
  int m24() const { return 24; }
  int m25() const { return 25; }
  int m26() const { return 26; }
  int m27() const { return 27; }
  int m28() const { return 28; }
  int m29() const { return 29; }
  int m30() const { return 30; }
};

class AtLimit {
public:
  AtLimit() = default;
  AtLimit(const AtLimit &) = delete;
  AtLimit &operator=(const AtLimit &) = delete;
  ~AtLimit() = default;
  int m0() const { return 0; }
  int m1() const { return 1; }
  int m2() const { return 2; }
  int m3() const { return 3; }
  int m4() const { return 4; }
  int m5() const { return 5; }
  int m6() const { return 6; }
  int m7() const { return 7; }
  int m8() const { return 8; }
  int m9() const { return 9; }
  int m10() const { return 10; }
  int m11() const { return 11; }
  int m12() const { return 12; }
  int m13() const { return 13; }
  int m14() const { return 14; }
  int m15() const { return 15; }
  int m16() const { return 16; }
  int m17() const { return 17; }
  int m18() const { return 18; }
  int m19() const { return 19; }
  int m20() const { return 20; }
  int m21() const { return 21; }
  int m22() const { return 22; }
  int m23() const { return 23; }
  int m24() const { return 24; }
  int m25() const { return 25; }
  int m26() const { return 26; }
  int m27() const { return 27; }
  int m28() const { return 28; }
  int m29() const { return 29; }
};

class Whole;
struct Part {
  explicit Part(Whole &Of) : Of(Of) {}
  Whole &Of;
};

class Whole {
public:
  Whole() = default;
  Part Unit{*this};
};

class Guarded {
public:
  Guarded() = default;
  Guarded(const Guarded &) = delete;
  Guarded &operator=(const Guarded &) = delete;
  struct Inner {
    explicit Inner(Guarded &Of) : Of(Of) {}
    Guarded &Of;
  } Unit{*this};
};

int longOne(int X) {
  X += 0;
  X += 1;
  X += 2;
  X += 3;
  X += 4;
  X += 5;
  X += 6;
  X += 7;
  X += 8;
  X += 9;
  X += 10;
  X += 11;
  X += 12;
  X += 13;
  X += 14;
  X += 15;
  X += 16;
  X += 17;
  X += 18;
  X += 19;
  X += 20;
  X += 21;
  X += 22;
  X += 23;
  X += 24;
  X += 25;
  X += 26;
  X += 27;
  X += 28;
  X += 29;
  X += 30;
  X += 31;
  X += 32;
  X += 33;
  X += 34;
  X += 35;
  X += 36;
  X += 37;
  X += 38;
  X += 39;
  X += 40;
  X += 41;
  X += 42;
  X += 43;
  X += 44;
  X += 45;
  X += 46;
  X += 47;
  X += 48;
  X += 49;
  X += 50;
  X += 51;
  X += 52;
  X += 53;
  X += 54;
  X += 55;
  X += 56;
  X += 57;
  X += 58;
  X += 59;
  X += 60;
  X += 61;
  X += 62;
  X += 63;
  X += 64;
  X += 65;
  X += 66;
  X += 67;
  X += 68;
  X += 69;
  X += 70;
  X += 71;
  X += 72;
  X += 73;
  X += 74;
  X += 75;
  X += 76;
  X += 77;
  X += 78;
  X += 79;
  X += 80;
  X += 81;
  X += 82;
  X += 83;
  X += 84;
  X += 85;
  X += 86;
  X += 87;
  X += 88;
  X += 89;
  X += 90;
  X += 91;
  X += 92;
  X += 93;
  X += 94;
  X += 95;
  X += 96;
  X += 97;
  return X;
}
