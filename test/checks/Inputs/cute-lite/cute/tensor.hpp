// A stand-in for CuTe's public interface, written for the tests: the names
// and the shapes of the types a CuTe kernel builds (Tensor<ViewEngine<
// gmem_ptr<T *>>, Layout<tuple<C<..>...>, tuple<C<..>...>>>, TiledCopy<Atom,
// thread-value layout, tiler>), with just enough behind them to compile.
// The analysis reads the types and the builders' arguments, never these
// bodies; a partition's layout is computed here only for the cases the
// tests use (flat static layouts of rank 1 and 2, values along the first
// mode).
#pragma once

namespace cute {

template <auto v> struct C {
  static constexpr auto value = v;
  __host__ __device__ constexpr operator decltype(v)() const { return v; }
};
template <int v> using Int = C<v>;
using _0 = Int<0>;
using _1 = Int<1>;
using _2 = Int<2>;
using _4 = Int<4>;
using _8 = Int<8>;
using _16 = Int<16>;
using _32 = Int<32>;
using _64 = Int<64>;
using _128 = Int<128>;
using _256 = Int<256>;

template <class... T> struct tuple;
template <> struct tuple<> {};
template <class H, class... T> struct tuple<H, T...> : tuple<T...> {
  H head{};
  constexpr tuple() = default;
  __host__ __device__ constexpr tuple(H h, T... t) : tuple<T...>(t...), head(h) {}
};
template <class... T> using Shape = tuple<T...>;
template <class... T> using Stride = tuple<T...>;
template <class... T> using Coord = tuple<T...>;

struct Underscore {};
constexpr Underscore _{};

template <class... T>
__host__ __device__ constexpr tuple<T...> make_shape(T... t) { return {t...}; }
template <class... T>
__host__ __device__ constexpr tuple<T...> make_stride(T... t) { return {t...}; }
template <class... T>
__host__ __device__ constexpr tuple<T...> make_coord(T... t) { return {t...}; }

// Column-major strides of a static shape.
template <class S> struct ColumnMajor;
template <int A> struct ColumnMajor<C<A>> { using type = _1; };
template <int A> struct ColumnMajor<tuple<C<A>>> { using type = tuple<_1>; };
template <int A, int B> struct ColumnMajor<tuple<C<A>, C<B>>> {
  using type = tuple<_1, Int<A>>;
};
template <int A, int B, int D> struct ColumnMajor<tuple<C<A>, C<B>, C<D>>> {
  using type = tuple<_1, Int<A>, Int<A * B>>;
};

template <class S, class D = typename ColumnMajor<S>::type> struct Layout {
  S shape_{};
  D stride_{};
  constexpr Layout() = default;
  __host__ __device__ constexpr Layout(S s, D d) : shape_(s), stride_(d) {}
};

template <class S>
__host__ __device__ constexpr Layout<S> make_layout(S s) { return {s, {}}; }
template <class S, class D>
__host__ __device__ constexpr Layout<S, D> make_layout(S s, D d) { return {s, d}; }

// Size and element offsets of flat static layouts (others compile, as one
// element: the tests never run them).
template <class L> struct Static {
  static constexpr int size = 1;
  __host__ __device__ static constexpr int offset(int) { return 0; }
};
template <int A, int DA> struct Static<Layout<C<A>, C<DA>>> {
  static constexpr int size = A;
  __host__ __device__ static constexpr int offset(int i) { return i * DA; }
};
template <int A, int DA> struct Static<Layout<tuple<C<A>>, tuple<C<DA>>>> {
  static constexpr int size = A;
  __host__ __device__ static constexpr int offset(int i) { return i * DA; }
};
template <int A, int B, int DA, int DB>
struct Static<Layout<tuple<C<A>, C<B>>, tuple<C<DA>, C<DB>>>> {
  static constexpr int size = A * B;
  __host__ __device__ static constexpr int offset(int i) {
    return (i % A) * DA + (i / A) * DB;
  }
};
template <int A, int B, int E, int DA, int DB, int DE>
struct Static<Layout<tuple<C<A>, C<B>, C<E>>, tuple<C<DA>, C<DB>, C<DE>>>> {
  static constexpr int size = A * B * E;
  __host__ __device__ static constexpr int offset(int i) {
    return (i % A) * DA + (i / A % B) * DB + (i / (A * B)) * DE;
  }
};

template <class P> struct gmem_ptr { P ptr; };
template <class P> struct smem_ptr { P ptr; };
template <class P> __host__ __device__ gmem_ptr<P> make_gmem_ptr(P p) { return {p}; }
template <class P> __host__ __device__ smem_ptr<P> make_smem_ptr(P p) { return {p}; }

template <class I> struct ViewEngine { I iter; };
template <class T, unsigned long N> struct ArrayEngine { T data[N]; };

template <class E> struct ValueOf;
template <class T> struct ValueOf<ViewEngine<gmem_ptr<T *>>> {
  using type = T;
  __host__ __device__ static T *at(ViewEngine<gmem_ptr<T *>> &e) { return e.iter.ptr; }
};
template <class T> struct ValueOf<ViewEngine<smem_ptr<T *>>> {
  using type = T;
  __host__ __device__ static T *at(ViewEngine<smem_ptr<T *>> &e) { return e.iter.ptr; }
};
template <class T> struct ValueOf<ViewEngine<T *>> {
  using type = T;
  __host__ __device__ static T *at(ViewEngine<T *> &e) { return e.iter; }
};
template <class T, unsigned long N> struct ValueOf<ArrayEngine<T, N>> {
  using type = T;
  __host__ __device__ static T *at(ArrayEngine<T, N> &e) { return e.data; }
};

template <class Engine, class L> struct Tensor {
  using value_type = typename ValueOf<Engine>::type;
  Engine engine;
  L layout_;
  __host__ __device__ value_type &operator()(int i) {
    return ValueOf<Engine>::at(engine)[Static<L>::offset(i)];
  }
  __host__ __device__ value_type *data() { return ValueOf<Engine>::at(engine); }
  // t(_, k) of a rank-2 tensor: its column k, a view (over registers too).
  __host__ __device__ auto operator()(Underscore, int k);
};

template <class L> struct ColumnOf;
template <int M, int N, class DM, class DN>
struct ColumnOf<Layout<tuple<C<M>, C<N>>, tuple<DM, DN>>> {
  using type = Layout<tuple<Int<M>>, tuple<DM>>;
};
template <class Engine, class L>
__host__ __device__ auto Tensor<Engine, L>::operator()(Underscore, int) {
  return Tensor<ViewEngine<value_type *>, typename ColumnOf<L>::type>{{data()}, {}};
}

template <class I, class L>
__host__ __device__ Tensor<ViewEngine<I>, L> make_tensor(I iter, L layout) {
  return {{iter}, layout};
}
template <class I, class S, class D>
__host__ __device__ Tensor<ViewEngine<I>, Layout<S, D>> make_tensor(I iter, S s,
                                                                   D d) {
  return {{iter}, {s, d}};
}

// A register tensor of the same static shape, column-major.
template <class L> struct LikeIn;
template <class S, class D> struct LikeIn<Layout<S, D>> { using type = Layout<S>; };
template <class E, class L>
__host__ __device__ auto make_tensor_like(const Tensor<E, L> &) {
  using R = typename LikeIn<L>::type;
  return Tensor<ArrayEngine<typename Tensor<E, L>::value_type, Static<R>::size>, R>{};
}
template <class E, class L>
__host__ __device__ auto make_fragment_like(const Tensor<E, L> &t) {
  return make_tensor_like(t);
}

// Thread i's share of a tile: every s-th element of each mode from the
// thread's coordinate in the thread layout.
template <class L, class T> struct Partitioned;
template <int M, int DM, int S, int TS>
struct Partitioned<Layout<tuple<C<M>>, tuple<C<DM>>>, Layout<tuple<C<S>>, tuple<C<TS>>>> {
  using type = Layout<tuple<Int<M / S>>, tuple<Int<DM * S>>>;
};
template <int M, int N, int DM, int DN, int S0, int S1, int T0, int T1>
struct Partitioned<Layout<tuple<C<M>, C<N>>, tuple<C<DM>, C<DN>>>,
                   Layout<tuple<C<S0>, C<S1>>, tuple<C<T0>, C<T1>>>> {
  using type = Layout<tuple<Int<M / S0>, Int<N / S1>>, tuple<Int<DM * S0>, Int<DN * S1>>>;
};
// A run-time stride stays one: an int, times the threads along its mode.
template <int M, int N, class DM, class DN, int S0, int S1, int T0, int T1>
struct Partitioned<Layout<tuple<C<M>, C<N>>, tuple<DM, DN>>,
                   Layout<tuple<C<S0>, C<S1>>, tuple<C<T0>, C<T1>>>> {
  using type = Layout<tuple<Int<M / S0>, Int<N / S1>>, tuple<int, int>>;
};
template <class E, class L, class TL, class I>
__host__ __device__ auto local_partition(Tensor<E, L> t, TL, I) {
  return Tensor<E, typename Partitioned<L, TL>::type>{t.engine, {}};
}

// The tile at a coordinate: the tiler's shape, the tensor's strides.
template <class L, class Tiler> struct Tiled;
template <int M, int N, int DM, int DN, int A, int B>
struct Tiled<Layout<tuple<C<M>, C<N>>, tuple<C<DM>, C<DN>>>, tuple<C<A>, C<B>>> {
  using type = Layout<tuple<Int<A>, Int<B>>, tuple<Int<DM>, Int<DN>>>;
};
template <class E, class L, class Tiler, class Crd>
__host__ __device__ auto local_tile(Tensor<E, L> t, Tiler, Crd) {
  return Tensor<E, typename Tiled<L, Tiler>::type>{t.engine, {}};
}

// Copies.
struct uint128_t { unsigned long long lo, hi; };
template <class S, class D = S> struct UniversalCopy {};
template <class S, class D = S> struct SM80_CP_ASYNC_CACHEALWAYS {};
template <int Bits> struct AutoVectorizingCopyWithAssumedAlignment {};
template <class... A> struct Copy_Atom {};

template <class TC, class I> struct ThrCopy;
template <class Atom, class TV, class Tiler> struct TiledCopy : Atom {
  template <class I> __host__ __device__ static ThrCopy<TiledCopy, I> get_slice(I i) { return {i}; }
  template <class I> __host__ __device__ static ThrCopy<TiledCopy, I> get_thread_slice(I i) { return {i}; }
};

// A thread's values of each tile: (values, tiles in m, tiles in n), the
// values along the tensor's first mode.
template <class TV> struct ValuesOf;
template <class TS, int V, class TD, class DV>
struct ValuesOf<Layout<tuple<TS, C<V>>, tuple<TD, DV>>> { static constexpr int value = V; };
template <class L, class TV, class Tiler> struct ThreadTiles;
template <int M, int N, int DM, int DN, class TV, int A, int B>
struct ThreadTiles<Layout<tuple<C<M>, C<N>>, tuple<C<DM>, C<DN>>>, TV, tuple<C<A>, C<B>>> {
  using type = Layout<tuple<Int<ValuesOf<TV>::value>, Int<M / A>, Int<N / B>>,
                      tuple<Int<DM>, Int<DM * A>, Int<DN * B>>>;
};
template <class Atom, class TV, class Tiler, class I>
struct ThrCopy<TiledCopy<Atom, TV, Tiler>, I> {
  I thr_idx_;
  template <class E, class L>
  __host__ __device__ auto partition_S(Tensor<E, L> t) const {
    return Tensor<E, typename ThreadTiles<L, TV, Tiler>::type>{t.engine, {}};
  }
  template <class E, class L>
  __host__ __device__ auto partition_D(Tensor<E, L> t) const {
    return partition_S(t);
  }
};

template <class SE, class SL, class DE, class DL>
__host__ __device__ void copy(Tensor<SE, SL> const &src, Tensor<DE, DL> &dst) {
  Tensor<SE, SL> s = src;
  for (int i = 0; i < Static<SL>::size; ++i)
    dst(i) = s(i);
}
template <class How, class SE, class SL, class DE, class DL>
__host__ __device__ void copy(How const &, Tensor<SE, SL> const &src, Tensor<DE, DL> &dst) {
  copy(src, dst);
}

} // namespace cute
