// Lets OpenSpiel's bindings, written for pybind11 >= 3 (py::classh, the
// smart_holder), compile against Debian 12's pybind11 2.10 for
// bench/python/build_pyspiel.sh. Not part of cardhall; forced into each
// binding file with -include. It changes how objects are held, not any
// binding: py::classh<T, ...> becomes class_<T, ..., std::shared_ptr<T>>, and
// a std::unique_ptr<T> returned to Python is moved into that shared_ptr (what
// smart_holder does for these calls). A unique_ptr cannot be taken back from
// Python (only Python-implemented games do that): such a cast fails.
#ifndef PYSPIEL_COMPAT_CLASSH_H
#define PYSPIEL_COMPAT_CLASSH_H

#include <memory>
#include <pybind11/pybind11.h>

namespace pybind11 {

template <typename T, typename... Options>
using classh = class_<T, Options..., std::shared_ptr<T>>;

// smart_holder's mix-in for trampolines; nothing to do with a shared_ptr holder.
class trampoline_self_life_support {};

namespace detail {

template <typename T>
class type_caster<std::unique_ptr<T, std::default_delete<T>>> {
 public:
  static constexpr auto name = type_caster_base<T>::name;

  static handle cast(std::unique_ptr<T>&& src, return_value_policy policy,
                     handle parent) {
    if (!src) return none().release();
    const type_info* ti = get_type_info(typeid(T));
    if (ti != nullptr && !ti->default_holder) {
      return type_caster<std::shared_ptr<T>>::cast(
          std::shared_ptr<T>(std::move(src)), return_value_policy::take_ownership,
          parent);
    }
    return move_only_holder_caster<T, std::unique_ptr<T>>::cast(std::move(src),
                                                               policy, parent);
  }

  bool load(handle, bool) { return false; }

  template <typename U>
  using cast_op_type = std::unique_ptr<T>;
  explicit operator std::unique_ptr<T>() { return nullptr; }
};

// shared_ptr<const T> (OpenSpiel's games are const) through T's shared_ptr holder.
template <typename T>
class type_caster<std::shared_ptr<const T>> {
  using base = copyable_holder_caster<T, std::shared_ptr<T>>;
  base inner;

 public:
  static constexpr auto name = type_caster_base<T>::name;

  static handle cast(const std::shared_ptr<const T>& src,
                     return_value_policy policy, handle parent) {
    return base::cast(std::const_pointer_cast<T>(src), policy, parent);
  }

  bool load(handle src, bool convert) { return inner.load(src, convert); }

  template <typename U>
  using cast_op_type = std::shared_ptr<const T>;
  explicit operator std::shared_ptr<const T>() {
    return static_cast<std::shared_ptr<T>>(inner);
  }
};

// pybind11 2.10 calls concat() on signature descriptions unqualified, so
// nlohmann::json's own concat (3.11, found through a json argument) wins for
// the rvalues it is given and breaks the build; 2.11 qualified the call. This
// overload is more specialized than nlohmann's and forwards to pybind11's.
template <size_t N, typename... Ts, typename... Args>
constexpr auto concat(descr<N, Ts...>&& d, Args&&... args) {
  return ::pybind11::detail::concat(
      static_cast<const descr<N, Ts...>&>(d),
      static_cast<const std::remove_reference_t<Args>&>(args)...);
}

}  // namespace detail
}  // namespace pybind11

// py::init factories and pickle's __setstate__ that return a
// std::unique_ptr<State> (or of a base of the class being made): moved into
// the class's shared_ptr holder. Found by argument-dependent lookup from
// pybind11's initimpl::construct<Class>(...) calls, as the pointer's type is
// OpenSpiel's; more specialized than pybind11's catch-all, which refuses.
namespace open_spiel {
template <typename Class, typename T>
void construct(pybind11::detail::value_and_holder& v_h, std::unique_ptr<T>&& p,
               bool need_alias) {
  using Target = typename Class::type;
  std::shared_ptr<T> base(std::move(p));
  std::shared_ptr<Target> held = std::dynamic_pointer_cast<Target>(base);
  if (!held) throw pybind11::type_error("factory returned another type");
  pybind11::detail::initimpl::construct<Class>(v_h, std::move(held), need_alias);
}
}  // namespace open_spiel

#endif
