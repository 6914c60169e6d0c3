# usdtrace — GNU make build.
#   make            build/usdtrace
#   make check      build everything, run every test (the real kernel, real programs; what CI
#                   runs); last line "N passed, N failed[, N skipped]"
#   make check-fast the edit-compile-test loop: unit tests (plain and ASan) and the shell tests
#                   marked "# tier: fast" (no kernel tracing); same last line
#   make install    PREFIX=/usr/local DESTDIR=...
CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0
# where `make install` puts usdtraced.service (installed, never enabled or started)
SYSTEMD_UNITDIR ?= $(PREFIX)/lib/systemd/system

WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
# src/ has one folder per pipeline stage (docs/ARCHITECTURE.md); headers are included by name.
SRC_DIRS := $(sort $(dir $(wildcard src/*/*.c src/*/*.h src/*/*/*.c src/*/*/*.h)))
SRC_INC  := $(patsubst %/,-I%,$(SRC_DIRS))
ALL_CFLAGS := -std=gnu11 $(WARN) $(CFLAGS) -Iinclude $(SRC_INC) -D_GNU_SOURCE -DUSDTRACE_VERSION='"$(VERSION)"' \
	      -DUSDTRACE_LIBDIR='"$(PREFIX)/lib/usdtrace"'
LIBS     := -lelf -ldw -lbpf -lz -llzma -lcapstone -lctf-nobfd -lstdc++
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

B := build
LIB_SRCS  := $(filter-out src/cmd/main.c src/daemon/usdtraced_main.c,$(wildcard src/*/*.c src/*/*/*.c))
LIB_OBJS  := $(LIB_SRCS:src/%.c=$(B)/obj/%.o)
ASAN_OBJS := $(LIB_SRCS:src/%.c=$(B)/asan/%.o)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
UNIT_ASAN := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests-asan/%)
TOOL_SRCS := $(wildcard tests/tools/*.c)
TOOL_BINS := $(TOOL_SRCS:tests/tools/%.c=$(B)/tools/%)
UNIT_OBJS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests-obj/%.o)
UNIT_AOBJ := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests-asan-obj/%.o)
TOOL_OBJS := $(TOOL_SRCS:tests/tools/%.c=$(B)/tools-obj/%.o)
# Header dependencies come from the compiler: each object's .d file lists the headers it
# included (-MP: and names each as a target of its own, so a header that is renamed or removed
# rebuilds what used it instead of stopping make). An object is also rebuilt when its .d file is
# missing (an object from before this rule, or a .d removed): each .d is a prerequisite, and a
# target without a recipe, which make takes as new when the file does not exist.
DEPFLAGS  := -MMD -MP

# The -h header embeds include/usdtrace/sdt.h: $(B)/gen/sdt_text.c holds its text as one C
# string, prov_sdt_text ("" if the file is absent, which -h then reports).
SDT_H := $(wildcard include/usdtrace/sdt.h)
LIB_OBJS  += $(B)/obj/gen_sdt_text.o
ASAN_OBJS += $(B)/asan/gen_sdt_text.o

.PHONY: all check check-run check-fast check-fast-run unit tools install clean demo demo-run deps \
	probe-lib install-probe
all: $(B)/usdtrace $(B)/usdtraced probe-lib

$(B)/obj/%.o: src/%.c $(B)/obj/%.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/asan/%.o: src/%.c $(B)/asan/%.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN) $(DEPFLAGS) -c $< -o $@

$(B)/gen/sdt_text.c: $(SDT_H) Makefile
	@mkdir -p $(@D)
	{ echo '#include "prov_header.h"'; echo 'const char prov_sdt_text[] ='; \
	  $(if $(SDT_H),sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $(SDT_H);) \
	  echo '"";'; } > $@.tmp && mv $@.tmp $@

$(B)/obj/gen_sdt_text.o: $(B)/gen/sdt_text.c $(B)/obj/gen_sdt_text.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/asan/gen_sdt_text.o: $(B)/gen/sdt_text.c $(B)/asan/gen_sdt_text.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN) $(DEPFLAGS) -c $< -o $@

# `-G -x dof` links the registration code of rt/dof_register.c into its output
# (src/provc/prov_dof.c): the object is compiled here, position-independent, and its bytes are
# $(B)/gen/dof_rt_obj.c (prov_dof_rt_obj).
LIB_OBJS  += $(B)/obj/gen_dof_rt_obj.o
ASAN_OBJS += $(B)/asan/gen_dof_rt_obj.o

$(B)/gen/dof_rt.o: rt/dof_register.c Makefile
	@mkdir -p $(@D)
	$(CC) -std=gnu11 $(WARN) -O2 -fPIC -fno-stack-protector -c $< -o $@

$(B)/gen/dof_rt_obj.c: $(B)/gen/dof_rt.o
	{ echo '#include "prov_dof.h"'; echo 'const unsigned char prov_dof_rt_obj[] = {'; \
	  od -An -v -tx1 $< | sed -e 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'; echo '};'; \
	  echo 'const size_t prov_dof_rt_obj_size = sizeof(prov_dof_rt_obj);'; } > $@.tmp && mv $@.tmp $@

$(B)/obj/gen_dof_rt_obj.o: $(B)/gen/dof_rt_obj.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(B)/asan/gen_dof_rt_obj.o: $(B)/gen/dof_rt_obj.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN) -c $< -o $@

$(B)/libusdtrace.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/libusdtrace-asan.a: $(ASAN_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/usdtrace: $(B)/obj/cmd/main.o $(B)/libusdtrace.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LIBS)

# usdtraced, the probe registry daemon (src/daemon, docs/usdtraced.md).
$(B)/usdtraced: $(B)/obj/daemon/usdtraced_main.o $(B)/libusdtrace.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LIBS)

# Unit tests and tools: compiled once (their own header dependencies), relinked when the
# library changes.
$(B)/tests-obj/%.o: tests/unit/%.c $(B)/tests-obj/%.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -Itests/unit -c $< -o $@

$(B)/tests-asan-obj/%.o: tests/unit/%.c $(B)/tests-asan-obj/%.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN) $(DEPFLAGS) -Itests/unit -c $< -o $@

$(B)/tools-obj/%.o: tests/tools/%.c $(B)/tools-obj/%.d
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/tests/%: $(B)/tests-obj/%.o $(B)/libusdtrace.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(B)/libusdtrace.a $(LIBS)

$(B)/tests-asan/%: $(B)/tests-asan-obj/%.o $(B)/libusdtrace-asan.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SAN) -o $@ $< $(B)/libusdtrace-asan.a $(LIBS)

$(B)/tools/%: $(B)/tools-obj/%.o $(B)/libusdtrace.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(B)/libusdtrace.a $(LIBS)

# Objects of the pattern chains above are kept (not removed as intermediate files).
.SECONDARY: $(UNIT_OBJS) $(UNIT_AOBJ) $(TOOL_OBJS)

DEPFILES := $(LIB_OBJS:.o=.d) $(ASAN_OBJS:.o=.d) $(B)/obj/cmd/main.d $(B)/obj/daemon/usdtraced_main.d \
	    $(UNIT_OBJS:.o=.d) $(UNIT_AOBJ:.o=.d) $(TOOL_OBJS:.o=.d)
$(DEPFILES):
include $(wildcard $(DEPFILES))

unit: $(UNIT_BINS) $(UNIT_ASAN)

tools: $(TOOL_BINS)

# deps runs alone first: under make -j it would race the compiles that need its packages.
check: deps
	@$(MAKE) --no-print-directory check-run

check-run: all $(UNIT_BINS) $(UNIT_ASAN) $(TOOL_BINS)
	@sh tests/run.sh full

check-fast: deps
	@$(MAKE) --no-print-directory check-fast-run

check-fast-run: all $(UNIT_BINS) $(UNIT_ASAN) $(TOOL_BINS)
	@sh tests/run.sh fast

demo: deps
	@$(MAKE) --no-print-directory demo-run

demo-run: all
	@sh examples/demo.sh

install: all install-probe
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include/usdtrace $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(B)/usdtrace $(DESTDIR)$(PREFIX)/bin/usdtrace
	install -d $(DESTDIR)$(PREFIX)/sbin $(DESTDIR)$(SYSTEMD_UNITDIR)
	install -m 755 $(B)/usdtraced $(DESTDIR)$(PREFIX)/sbin/usdtraced
	sed -e 's|@PREFIX@|$(PREFIX)|g' usdtraced.service.in > $(DESTDIR)$(SYSTEMD_UNITDIR)/usdtraced.service
	install -m 644 include/usdtrace/sdt.h $(DESTDIR)$(PREFIX)/include/usdtrace/sdt.h
	install -d $(DESTDIR)$(PREFIX)/lib/usdtrace
	install -m 644 lib/usdtrace/*.d $(DESTDIR)$(PREFIX)/lib/usdtrace/
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	sed -e 's|/usr/local/|$(PREFIX)/|g' docs/usdtrace.1 > $(DESTDIR)$(PREFIX)/share/man/man1/usdtrace.1
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' usdtrace.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/usdtrace.pc

# ---- libusdtrace-probe: probes defined at run time (libprobe/, include/usdtrace/probe.h,
# python/usdtrace/; docs/probe.md). A library of its own, not part of libusdtrace.a.
PROBE_SONAME := libusdtrace-probe.so.0
PROBE_SRCS   := $(wildcard libprobe/*.c)
PROBE_OBJS   := $(PROBE_SRCS:libprobe/%.c=$(B)/probe/%.o)
PROBE_HDRS   := $(wildcard libprobe/*.h) include/usdtrace/probe.h src/prov/usdt/usdt_typenote.h \
		src/front/dkeywords.h
PROBE_CFLAGS := -std=gnu11 $(WARN) $(CFLAGS) -fPIC -Iinclude -Ilibprobe -Isrc/prov/usdt -Isrc/front -D_GNU_SOURCE
# Debian's python3 looks in PREFIX/lib/python3.X/dist-packages, others in site-packages.
PYTHON       ?= $(firstword $(wildcard /usr/bin/python3) python3)
PYTHON_SITE  ?= $(PREFIX)/$(shell $(PYTHON) -c 'import sys; print("lib/python%d.%d/%s" % (sys.version_info[0], sys.version_info[1], "dist-packages" if any(p.endswith("dist-packages") for p in sys.path) else "site-packages"))' 2>/dev/null)

probe-lib: $(B)/libusdtrace-probe.so $(B)/libusdtrace-probe.a

$(B)/probe/%.o: libprobe/%.c $(PROBE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(PROBE_CFLAGS) -c $< -o $@

$(B)/$(PROBE_SONAME): $(PROBE_OBJS)
	$(CC) -shared -Wl,-soname,$(PROBE_SONAME) -Wl,-z,defs -o $@ $^ -ldl -lpthread

$(B)/libusdtrace-probe.so: $(B)/$(PROBE_SONAME)
	ln -sf $(PROBE_SONAME) $@

$(B)/libusdtrace-probe.a: $(PROBE_OBJS)
	@rm -f $@
	ar rcs $@ $^

install-probe: probe-lib
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/usdtrace $(DESTDIR)$(PYTHON_SITE)/usdtrace
	install -m 755 $(B)/$(PROBE_SONAME) $(DESTDIR)$(PREFIX)/lib/$(PROBE_SONAME)
	ln -sf $(PROBE_SONAME) $(DESTDIR)$(PREFIX)/lib/libusdtrace-probe.so
	install -m 644 $(B)/libusdtrace-probe.a $(DESTDIR)$(PREFIX)/lib/libusdtrace-probe.a
	install -m 644 include/usdtrace/probe.h $(DESTDIR)$(PREFIX)/include/usdtrace/probe.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' libusdtrace-probe.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/libusdtrace-probe.pc
	sed -e 's|^_INSTALLED_LIB = None$$|_INSTALLED_LIB = "$(PREFIX)/lib/$(PROBE_SONAME)"|' python/usdtrace/__init__.py > $(DESTDIR)$(PYTHON_SITE)/usdtrace/__init__.py

# ---- Fuzzing (docs/fuzz.md): one libFuzzer harness per parser of outside input, tests/fuzz/*.c,
# built with clang against a clang+sanitizer build of the library's objects (build/fuzz/obj).
# `make fuzz FUZZ_TIME=60` builds the seed corpora from this machine's objects and runs every
# target that many seconds, one at a time; `make fuzz-build` only builds them.
FUZZ_CC    ?= clang
FUZZ_TIME  ?= 60
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -Wall -Wextra -O1 -g $(FUZZ_SAN) -Iinclude $(SRC_INC) -D_GNU_SOURCE \
	       -DUSDTRACE_VERSION='"$(VERSION)"' -DUSDTRACE_LIBDIR='"$(PREFIX)/lib/usdtrace"'
FUZZ_SRCS  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS  := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)
FUZZ_OBJS  := $(LIB_SRCS:src/%.c=$(B)/fuzz/obj/%.o) $(B)/fuzz/obj/gen_sdt_text.o $(B)/fuzz/obj/gen_dof_rt_obj.o

$(B)/fuzz/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(B)/fuzz/obj/gen_sdt_text.o: $(B)/gen/sdt_text.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(B)/fuzz/obj/gen_dof_rt_obj.o: $(B)/gen/dof_rt_obj.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(B)/fuzz/libusdtrace-fuzz.a: $(FUZZ_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(B)/fuzz/libusdtrace-fuzz.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< $(B)/fuzz/libusdtrace-fuzz.a $(LIBS)

-include $(wildcard $(B)/fuzz/obj/*/*.d $(B)/fuzz/obj/*/*/*.d)

.PHONY: fuzz fuzz-build fuzz-seeds
fuzz-build: $(FUZZ_BINS)

fuzz-seeds: $(B)/usdtrace $(B)/tools/stash_check
	sh tests/fuzz/seeds.sh $(B)/fuzz/seeds

fuzz: fuzz-build fuzz-seeds
	sh tests/fuzz/run.sh $(B)/fuzz $(FUZZ_TIME) $(FUZZ_BINS:$(B)/fuzz/%=%)

deps:
	@sh scripts/deps.sh

clean:
	rm -rf $(B)
