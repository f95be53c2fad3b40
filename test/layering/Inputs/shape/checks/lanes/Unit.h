// A unit with a back door into its evaluator, and effects read as counters.
class Evaluator;
class Unit {
  friend class Evaluator;
  int effectsSince(int Before) const { return Before; }
};
