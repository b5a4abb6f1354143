# SPDX-License-Identifier: GPL-2.0
#
# The contract of a part, as tools/testing/selftests/lib.mk serves a
# selftest directory: the part's Makefile says what it has, includes
# this file, and gets the repository's root, the pipeline's defaults,
# the flags every part shares and the rules for what it declared.
#
# The part's Makefile sets, before the include (each is optional):
#   PART_TARGETS   on a line of its own: which of the top Makefile's
#                  targets the part has; the top Makefile reads this line
#                  (it never runs the part to ask):
#                    all             host programs (`make`)
#                    check-pipeline  the pipeline's own tests, first in
#                                    `make check`, before the tree
#                    check           host tests, before the guest boot
#                    check-kernel    tests that inspect the built kernel,
#                                    after the guest boot
#                    guest           programs and tests for the guest
#                    bench, fuzz
#   PART_NAME      on a line of its own: its suite's name in `make
#                  check` (default: its directory, / written as -)
#   CHECK_SUITES   its tests as "NAME:COMMAND" words (with `=`, so that
#                  they may name what the part sets after the include):
#                  this file gives `check`, each a KTAP subtest of one
#                  log (scripts/ktap-nest) in $(PART_LOGS); the part adds
#                  what they need with a line `check: PREREQUISITES`
#   GUEST_PART     its guest tests' prefix: test NAME is staged as
#                  $(GUEST_DIR)/tests/$(GUEST_PART)-NAME, so the guest's
#                  log names every test after its part
#   GUEST_SRC      the directory of the guest tests' sources (the part's
#                  tests/, see the top README's Layout)
#   GUEST_C        static C tests: NAME for $(GUEST_SRC)/NAME.c, KTAP
#                  through the tree's kselftest.h (static, so the busybox
#                  initramfs needs no libraries)
#   GUEST_SH       busybox shell tests: NAME for $(GUEST_SRC)/NAME.sh
#   GUEST_HELPERS  C sources linked into every C test
#   GUEST_DEPS     headers they include
#   GUEST_CFLAGS, GUEST_LDLIBS  more flags and libraries
#   `guest-tests` builds and stages them; the part's own guest target
#   depends on it and stages anything else the guest needs.
#
# and gets:
#   REPO           the repository's root
#   BUILD, KSRC, KBUILD_OUT, GUEST_DIR  the pipeline's directories (the
#                  top Makefile passes them; these are their defaults)
#   WARN           -Wall -Wextra -Werror, for every C compile
#   SANFLAGS       ASan and UBSan, for host tests
#   CLANG, FUZZFLAGS  libFuzzer targets (with ASan and UBSan)
#   KSELFTEST      the tree's tools/testing/selftests (kselftest.h)
#   CHECK_INCLUDE  scripts/include, where ktap_check.h serves the host's C
#                  unit tests (the guest's use the tree's kselftest.h)
#   TESTLIB        testlib, the C helpers that the tests of several parts
#                  link (a part never reaches into another's tests)
#   CHECKPATCH, CHECKPATCH_OPTS  the kernel's style checker
#   KTAP_NEST, KTAP_SH  the test protocol (scripts/ktap-nest, ktap.sh)
#   kbuild's quiet/V=1 output: $(call cmd,NAME) (kbuild-cmd.mk)
#
# Including this file leaves the part's default goal as it was.
part_mk_goal := $(.DEFAULT_GOAL)

REPO := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
include $(REPO)/scripts/kbuild-cmd.mk

BUILD      ?= $(REPO)/build
KSRC       ?= $(BUILD)/linux
KBUILD_OUT ?= $(BUILD)/kbuild
GUEST_DIR  ?= $(BUILD)/guest

WARN      := -Wall -Wextra -Werror
SANFLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	     -fno-sanitize-recover=all
CLANG     ?= clang-14
FUZZFLAGS := -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
KSELFTEST := $(KSRC)/tools/testing/selftests
CHECK_INCLUDE := $(REPO)/scripts/include
TESTLIB   := $(REPO)/testlib
CHECKPATCH ?= $(KSRC)/scripts/checkpatch.pl
CHECKPATCH_OPTS := --no-tree -q --terse
KTAP_NEST := $(REPO)/scripts/ktap-nest
KTAP_SH   := $(REPO)/scripts/ktap.sh

PART_NAME ?= $(subst /,-,$(patsubst $(REPO)/%,%,$(CURDIR)))
PART_LOGS := $(BUILD)/logs/$(PART_NAME)

ifdef CHECK_SUITES
.PHONY: check
check:
	@$(KTAP_NEST) $(PART_LOGS) $(CHECK_SUITES)
endif

ifneq ($(strip $(GUEST_C) $(GUEST_SH)),)
GUEST_OBJ := $(BUILD)/guest-obj/$(GUEST_PART)
GUEST_BASE_CFLAGS := -static -O2 $(WARN) -I$(KSELFTEST)
GUEST_PROGS := $(addprefix $(GUEST_OBJ)/,$(GUEST_C))

quiet_cmd_guest_cc = CC      $(GUEST_PART)-$(notdir $@)
      cmd_guest_cc = gcc $(GUEST_BASE_CFLAGS) $(GUEST_CFLAGS) -o $@ $< \
		     $(GUEST_HELPERS) $(GUEST_LDLIBS)

$(GUEST_OBJ)/%: $(GUEST_SRC)/%.c $(GUEST_HELPERS) $(GUEST_DEPS) $(KSELFTEST)/kselftest.h
	@mkdir -p $(GUEST_OBJ)
	$(call cmd,guest_cc)

quiet_cmd_guest_stage = STAGE   $(GUEST_PART): $(strip $(GUEST_C) $(GUEST_SH))
      cmd_guest_stage = mkdir -p $(GUEST_DIR)/tests; \
		$(foreach t,$(GUEST_C),install -m 0755 $(GUEST_OBJ)/$(t) \
			$(GUEST_DIR)/tests/$(GUEST_PART)-$(t);) \
		$(foreach t,$(GUEST_SH),install -m 0755 $(GUEST_SRC)/$(t).sh \
			$(GUEST_DIR)/tests/$(GUEST_PART)-$(t);) true

.PHONY: guest-tests
guest-tests: $(GUEST_PROGS) $(addprefix $(GUEST_SRC)/,$(addsuffix .sh,$(GUEST_SH)))
	@test -n "$(GUEST_DIR)" || { echo "$(GUEST_PART): GUEST_DIR is required" >&2; exit 1; }
	$(call cmd,guest_stage)
endif

$(KSELFTEST)/kselftest.h:
	@echo "$@: missing; set KSRC to a prepared kernel tree" >&2; exit 1

.DEFAULT_GOAL := $(part_mk_goal)
