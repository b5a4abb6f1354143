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
#   KERNEL_FILES   where KSELFTEST and CHECKPATCH are: KSRC when it is a
#                  prepared tree, else $(BUILD)/linux-files, which this
#                  file fills from Debian's linux-source-6.1 tarball
#                  (LINUX_TARBALL) on demand: a part whose check needs
#                  checkpatch.pl says `check: $(CHECKPATCH)`, and its
#                  suites run on a bare clone before `make tree`
#   CHECK_INCLUDE  scripts/include, where ktap_check.h serves the host's C
#                  unit tests (the guest's use the tree's kselftest.h)
#   TESTLIB        testlib, the C helpers that the tests of several parts
#                  link (a part never reaches into another's tests)
#   CHECKPATCH, CHECKPATCH_OPTS  the kernel's style checker
#   checkpatch_ktap  $(call checkpatch_ktap,FILES,OPTIONS): the command of
#                  a KTAP suite, one test a file (checkpatch.pl OPTIONS -f
#                  FILE, named by its path in the repository), or a
#                  "1..0 # SKIP" plan when there is no checkpatch.pl; for
#                  a "NAME:COMMAND" word of ktap-nest
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
# The few files of the kernel's that the tests and style checks use,
# from the prepared tree, or else from the tarball the tree is extracted
# from: make check runs the pipeline's own suites before `make tree`,
# and a part may be checked alone, yet neither should lose its checks.
LINUX_TARBALL ?= /usr/src/linux-source-6.1.tar.xz
LINUX_FILES := tools/testing/selftests/kselftest.h scripts/checkpatch.pl \
	scripts/spelling.txt scripts/const_structs.checkpatch
ifeq ($(words $(wildcard $(addprefix $(KSRC)/,$(LINUX_FILES)))),$(words $(LINUX_FILES)))
KERNEL_FILES := $(KSRC)
else
KERNEL_FILES := $(BUILD)/linux-files
endif
KSELFTEST := $(KERNEL_FILES)/tools/testing/selftests
CHECK_INCLUDE := $(REPO)/scripts/include
TESTLIB   := $(REPO)/testlib
CHECKPATCH ?= $(KERNEL_FILES)/scripts/checkpatch.pl
CHECKPATCH_OPTS := --no-tree -q --terse
KTAP_NEST := $(REPO)/scripts/ktap-nest
KTAP_SH   := $(REPO)/scripts/ktap.sh

part_mk_hash := \#
checkpatch_ktap = if test -f $(CHECKPATCH); then . $(KTAP_SH); \
	for f in $(1); do check \"checkpatch \$${f$(part_mk_hash)$(REPO)/}\" \
		perl $(CHECKPATCH) $(2) -f \$$f; done; finish; \
	else echo '1..0 $(part_mk_hash) SKIP $(CHECKPATCH) missing: set KSRC, or install linux-source-6.1'; fi

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

ifneq ($(KERNEL_FILES),$(KSRC))
# Extracted whole into a directory of its own, then renamed: a run cut
# short leaves no half-written file that make would take for done.
quiet_cmd_linux_files = TAR     $(KERNEL_FILES): $(notdir $(LINUX_FILES)) from $(LINUX_TARBALL)
      cmd_linux_files = tmp=$$(mktemp -d $(KERNEL_FILES).XXXXXX); \
		tar -xJf $(LINUX_TARBALL) -C $$tmp --strip-components=1 \
			$(addprefix $(basename $(basename $(notdir $(LINUX_TARBALL))))/,$(LINUX_FILES)) || \
			{ rm -rf $$tmp; exit 1; }; \
		rm -rf $(KERNEL_FILES); mv $$tmp $(KERNEL_FILES)
ifneq ($(wildcard $(LINUX_TARBALL)),)
$(addprefix $(KERNEL_FILES)/,$(LINUX_FILES)) &:
	@mkdir -p $(BUILD)
	$(call cmd,linux_files)
else
# Without the tarball the style checks SKIP (checkpatch_ktap says why);
# the C tests cannot build.
$(KSELFTEST)/kselftest.h:
	@echo "$@: missing; set KSRC to a prepared kernel tree, or install the Debian package linux-source-6.1" >&2; exit 1
$(filter-out $(KSELFTEST)/kselftest.h,$(addprefix $(KERNEL_FILES)/,$(LINUX_FILES))):
	@echo "$@: missing; set KSRC to a prepared kernel tree, or install the Debian package linux-source-6.1" >&2
endif
endif

.DEFAULT_GOAL := $(part_mk_goal)
