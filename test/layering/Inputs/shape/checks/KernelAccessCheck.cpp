// The base check is held to 20 member functions: this one has 21.
class KernelAccessCheck {
public:
  KernelAccessCheck(const KernelAccessCheck &) = delete;
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
};
