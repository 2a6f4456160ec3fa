# The two commands of the README: `make play` and `make test`.
# CMake does the real work; this file only strings the steps together.

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GAME ?= racko
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = session record order action opts cards

.PHONY: all deps build python asan o3 fuzz play serve test bench bench-serve clean

all: build

deps:
	@sh scripts/install-deps.sh

build: deps
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc >/dev/null
	@cmake --build build -j $(JOBS)

# The Python module alone (docs/python.md): build/python/cardhall, for
# PYTHONPATH=build/python with Debian's /usr/bin/python3.
python: deps
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc >/dev/null
	@cmake --build build -j $(JOBS) --target python

# The sanitizer build uses clang, so every test run proves both compilers
# build the tree warning-free. It also builds the libFuzzer targets (fuzz/),
# which its ctest runs for a few seconds each. Debug keeps the assertions;
# -O1, as AddressSanitizer's own documentation advises, because at -O0 the
# sanitized suite alone took 30 of CI's 45 minutes on a Zen 3 machine of
# the project's kind (the Comrade solver's tests 3 to 4 times slower).
asan: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1" \
		-DCH_SANITIZE=ON -DCH_FUZZ=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build build-asan -j $(JOBS)

# gcc's warnings depend on the optimiser (-O3 inlines and unrolls more and
# then sees more), and README promises a warning-free tree at every build
# type: the suite builds the -O3 tree too, though it runs only the -O2 one.
o3: deps
	@cmake -S . -B build-o3 -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc >/dev/null
	@cmake --build build-o3 -j $(JOBS) >build-o3/make.log 2>&1 || { cat build-o3/make.log; exit 1; }

# The game is the first thing a newcomer sees: the build before it is quiet,
# its log shown only if it fails.
play: deps
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=gcc >/dev/null
	@cmake --build build -j $(JOBS) >build/make-play.log 2>&1 || { cat build/make-play.log; exit 1; }
	@./build/cardhall play $(GAME) $(ARGS)

# Card tables for friends: open the address it prints (share it on your
# network with HOST=0.0.0.0). Ctrl-C stops it; tables stay in the database.
PORT ?= 8080
HOST ?= 127.0.0.1
serve: build
	@./build/cardhall serve --port $(PORT) --host $(HOST) $(ARGS)

# The whole suite, then again under AddressSanitizer + UBSan (with fewer
# simulated games: the harness divides its counts by CH_HARNESS_SCALE).
# The first suite runs one test more than cores: the browser test that ctest
# starts first spends most of its time waiting on pages and timers (132 s of
# CPU in 620 s on two cores), and with -j $(JOBS) it held a slot the whole
# time, so the rest ran one test at a time beside it (988 s; 819 s with one
# more). Sanitized, the server it drives is busy and the tests beside it
# slow each other down far past their share of the cores (a simulation test
# took 530 s beside two others, 94 s alone; the suite 1,085 s, against
# 841-882 s on the same machine with -j $(JOBS)), so it keeps one per core.
TEST_JOBS ?= $(shell echo $$(($(JOBS) + 1)))
test: build asan o3
	cd build && ctest --output-on-failure -j $(TEST_JOBS)
	cd build-asan && CH_HARNESS_SCALE=8 ASAN_OPTIONS=detect_leaks=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

# Every fuzz target for FUZZ_SECONDS each (optimised, ASan+UBSan), growing
# the corpora in build-fuzz/corpus/; seeds and dictionaries are in fuzz/.
fuzz: deps
	@cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCH_FUZZ=ON \
		-DCMAKE_C_COMPILER=clang >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	@for t in $(FUZZ_TARGETS); do \
		echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
		sh fuzz/run.sh build-fuzz/fuzz/fuzz_$$t $$t $(FUZZ_SECONDS) build-fuzz/corpus \
			2>&1 | grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==|SUMMARY|fuzz invariant)' \
			|| true; \
		[ -z "$$(ls build-fuzz/corpus/crash-$$t-* 2>/dev/null)" ] || { echo "fuzz_$$t: crash, see build-fuzz/corpus/crash-$$t-*"; exit 1; }; \
	done

# The engine: decisions/s of random play per game, bytes per state (what a
# clone copies), search speed; the hot pieces under bench/; last, the table
# server's CPU per move (issue 29): a short, bounded loopback run of
# bench/serve/serve_load (100 tables of Rack-O, 5 s, people moving at once).
bench: build
	@./build/cardhall bench
	@for b in build/bench/bench_*; do [ -x "$$b" ] && "$$b"; done; true
	@./build/bench/serve/serve_load ./build/cardhall 100 5 racko 0

# The server under load: 1,000 tables of bots and WebSocket clients on
# loopback (bench/serve/); prints moves/s, latency percentiles and RSS.
bench-serve: build
	@./build/bench/serve/serve_load ./build/cardhall $(ARGS)

clean:
	rm -rf build build-asan build-o3 build-fuzz
