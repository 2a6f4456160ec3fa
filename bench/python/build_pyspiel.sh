#!/bin/sh
# Builds OpenSpiel's Python module (pyspiel) for bench/python/bench.py, outside
# the project, with Debian's pybind11 and only the four games bench.py compares
# against: crazy_eights, hearts, oh_hell, gin_rummy.
#
#   bench/python/build_pyspiel.sh OPEN_SPIEL_ROOT [OUT_DIR]
#   PYTHONPATH=build/python:OUT_DIR/build /usr/bin/python3 bench/python/bench.py
#
# OPEN_SPIEL_ROOT is a checkout of github.com/google-deepmind/open_spiel with its
# install.sh dependencies in place (open_spiel/abseil-cpp, open_spiel/json).
# pybind11_json (d0bf434) and pybind11_abseil (73992b5), the commits OpenSpiel's
# install.sh pins, are taken from OPEN_SPIEL_ROOT/open_spiel/ when there, else
# from $PYBIND11_JSON_DIR / $PYBIND11_ABSEIL_DIR, else cloned from GitHub.
#
# What differs from OpenSpiel's own build (python/CMakeLists.txt), and why:
# - The full build (every game, algorithm and binding) takes hours on two
#   shared cores. Only these are compiled: the core (OPEN_SPIEL_CORE_FILES of
#   open_spiel/CMakeLists.txt), the four games, what pyspiel.cc's module-level
#   functions link against (matrix/tensor/efg/nfg games and their utilities,
#   the turn-based transform, tests/basic_tests.cc and what those pull in), and
#   the bindings pyspiel.cc itself, observer.cc, python_games.cc and the game
#   bindings games_crazy_eights.cc, games_hearts.cc, games_gin_rummy.cc.
# - pyspiel.cc is copied with the #includes and init_pyspiel_*() calls of every
#   other binding file removed (bots, policy, algorithms_corr_dist,
#   algorithms_trajectories, evaluation_elo, evaluation_sco, game_transforms,
#   utils, utils_trajectories, the infostate tree, pokerkit structs, and the
#   games backgammon .. trade_comm other than the three above). The per-call
#   binding code of Game, State and the observers is pyspiel's own, unchanged.
# - OpenSpiel needs pybind11 >= 3 (py::classh, smart_holder); Debian 12 ships
#   2.10. pyspiel_compat_classh.h (forced into every binding file with
#   -include) maps py::classh to a class_ with a std::shared_ptr holder, moves
#   a std::unique_ptr returned to Python (or by a pickle/init factory) into
#   that holder, which is what smart_holder does for these calls, and works
#   around 2.10's unqualified concat() that nlohmann::json 3.11 hijacks.
#   Taking ownership of a C++ object back from Python (Python-implemented
#   games) is not supported by it: such a cast fails.
# - Flags: OpenSpiel's Release ones, -std=c++20 -O3 -DNDEBUG -fPIC.
set -eu

if [ $# -lt 1 ]; then
	echo "usage: $0 OPEN_SPIEL_ROOT [OUT_DIR]" >&2
	exit 2
fi
root=$(cd "$1" && pwd)
out=${2:-/work/scratch/pyspiel}
os="$root/open_spiel"
[ -f "$os/python/pybind11/pyspiel.cc" ] || { echo "$root: no open_spiel/python/pybind11/pyspiel.cc" >&2; exit 1; }
[ -f "$os/abseil-cpp/CMakeLists.txt" ] || { echo "$os/abseil-cpp missing (OpenSpiel's install.sh fetches it)" >&2; exit 1; }
[ -f /usr/include/pybind11/pybind11.h ] || { echo "Debian's pybind11-dev is not installed" >&2; exit 1; }
mkdir -p "$out/shim/pybind11" "$out/shim/open_spiel" "$out/src" "$out/build"
out=$(cd "$out" && pwd)

# dep NAME COMMIT REPO ENVDIR -> prints the directory holding the checkout
dep() {
	if [ -d "$os/$1" ]; then echo "$os/$1"; return; fi
	if [ -n "$4" ]; then echo "$4"; return; fi
	if [ ! -d "$out/deps/$1" ]; then
		git clone -q "$3" "$out/deps/$1" >&2
		git -C "$out/deps/$1" checkout -q "$2" >&2
	fi
	echo "$out/deps/$1"
}
json_dir=$(dep pybind11_json d0bf434be9d287d73a963ff28745542daf02c08f \
	https://github.com/pybind/pybind11_json.git "${PYBIND11_JSON_DIR:-}")
absl_py_dir=$(dep pybind11_abseil 73992b5 \
	https://github.com/pybind/pybind11_abseil.git "${PYBIND11_ABSEIL_DIR:-}")

# OpenSpiel includes "pybind11/include/pybind11/..." (a pybind11 checkout beside
# open_spiel/) and "open_spiel/pybind11_json/...": point both at what we have.
ln -sfn /usr/include "$out/shim/pybind11/include"
ln -sfn "$json_dir" "$out/shim/open_spiel/pybind11_json"
ln -sfn "$absl_py_dir/pybind11_abseil" "$out/shim/pybind11_abseil"

# pyspiel.cc without the bindings not built here.
keep='games_crazy_eights|games_gin_rummy|games_hearts|observer|pybind11|python_games|algorithms_infostate_tree'
optional='gamut|xinxin|games_universal_poker|games_repeated_poker'
sed -E \
	-e "/^#include \"open_spiel\/python\/pybind11\//{/\/($keep|$optional)\.h\"/!d}" \
	-e "/^  init_pyspiel_/{/init_pyspiel_(games_crazy_eights|games_gin_rummy|games_hearts|observer|$optional)\(/!d}" \
	-e '/^      m\);  \/\/ Infostate-Tree/d' \
	-e '/^  bind_(repeated_)?pokerkit_state_struct/d' \
	"$os/python/pybind11/pyspiel.cc" >"$out/src/pyspiel.cc"
diff "$os/python/pybind11/pyspiel.cc" "$out/src/pyspiel.cc" >"$out/src/pyspiel.diff" || true

cp "$(dirname "$0")/pyspiel_compat_classh.h" "$out/src/classh.h"

cat >"$out/src/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.17)
project(pyspiel_subset CXX)
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED TRUE)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
set(CMAKE_CXX_FLAGS "\${CMAKE_CXX_FLAGS} -DNDEBUG -O3 -Wno-everything -w")
set(BUILD_TESTING OFF)
set(ABSL_PROPAGATE_CXX_STD ON)
add_subdirectory($os/abseil-cpp abseil EXCLUDE_FROM_ALL)
find_package(Python3 COMPONENTS Interpreter Development REQUIRED)
set(OS $os)
include_directories($out/shim $root \${OS}/abseil-cpp \${OS}/json/include
                    $json_dir/include \${Python3_INCLUDE_DIRS})
add_library(pyspiel MODULE
  # OPEN_SPIEL_CORE_FILES
  \${OS}/action_view.cc \${OS}/canonical_game_strings.cc \${OS}/game_parameters.cc
  \${OS}/matrix_game.cc \${OS}/observer.cc \${OS}/policy.cc
  \${OS}/simultaneous_move_game.cc \${OS}/spiel.cc \${OS}/spiel_bots.cc
  \${OS}/spiel_utils.cc \${OS}/tensor_game.cc \${OS}/utils/status.cc
  \${OS}/utils/usage_logging.cc
  # the four games
  \${OS}/games/crazy_eights/crazy_eights.cc \${OS}/games/hearts/hearts.cc
  \${OS}/games/oh_hell/oh_hell.cc \${OS}/games/gin_rummy/gin_rummy.cc
  \${OS}/games/gin_rummy/gin_rummy_utils.cc
  # what pyspiel.cc's module functions link against
  $(cat "$(dirname "$0")/pyspiel_extra_sources.txt" | sed 's|^|${OS}/|' | tr '\n' ' ')
  # bindings
  $out/src/pyspiel.cc
  \${OS}/python/pybind11/observer.cc \${OS}/python/pybind11/python_games.cc
  \${OS}/python/pybind11/games_crazy_eights.cc \${OS}/python/pybind11/games_hearts.cc
  \${OS}/python/pybind11/games_gin_rummy.cc)
set_source_files_properties($out/src/pyspiel.cc \${OS}/python/pybind11/observer.cc
  \${OS}/python/pybind11/python_games.cc \${OS}/python/pybind11/games_crazy_eights.cc
  \${OS}/python/pybind11/games_hearts.cc \${OS}/python/pybind11/games_gin_rummy.cc
  PROPERTIES COMPILE_OPTIONS "-include;$out/src/classh.h")
set_target_properties(pyspiel PROPERTIES PREFIX "" SUFFIX ".so")
target_link_libraries(pyspiel PRIVATE absl::algorithm absl::flags absl::flags_parse
  absl::flat_hash_map absl::optional absl::random_random absl::str_format
  absl::strings absl::time absl::cord)
EOF

cd "$out/build"
# Debian's python3, the one with numpy that bench.py runs under.
nice -n 10 cmake -S "$out/src" -B . -DCMAKE_BUILD_TYPE= \
	-DPython3_EXECUTABLE="${PYTHON:-/usr/bin/python3}" >cmake.log
nice -n 10 cmake --build . -j"${JOBS:-2}"
echo "built $out/build/pyspiel.so"
