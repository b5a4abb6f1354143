# SPDX-License-Identifier: GPL-2.0
#
# The guest tests of one part, as tools/testing/selftests/lib.mk serves a
# selftest directory: the part names itself and its tests, and this file
# holds the one rule that builds them (static, so the busybox initramfs
# needs no libraries) and stages them for the guest's /init.
#
# The part's Makefile sets, then includes this file:
#   GUEST_PART     the part's name; test NAME is staged as
#                  $(GUEST_DIR)/tests/$(GUEST_PART)-NAME, so the guest's
#                  log names every test after its part
#   GUEST_SRC      the directory of the tests' sources
#   GUEST_C        static C tests: NAME for $(GUEST_SRC)/NAME.c, KTAP
#                  through the tree's kselftest.h
#   GUEST_SH       busybox shell tests: NAME for $(GUEST_SRC)/NAME.sh
#   GUEST_HELPERS  C sources linked into every C test (optional)
#   GUEST_DEPS     headers they include (optional)
#   GUEST_CFLAGS, GUEST_LDLIBS  more flags and libraries (optional)
# with KSRC (a prepared kernel tree), BUILD and GUEST_DIR set.  The
# target guest-tests builds and stages them; the part's own guest target
# depends on it and stages anything else the guest needs.
include $(dir $(lastword $(MAKEFILE_LIST)))kbuild-cmd.mk

# Including this file leaves the part's default goal as it was.
guest_mk_goal := $(.DEFAULT_GOAL)

GUEST_OBJ := $(BUILD)/guest-obj/$(GUEST_PART)
GUEST_KSELFTEST := $(KSRC)/tools/testing/selftests
GUEST_BASE_CFLAGS := -static -O2 -Wall -Wextra -Werror -I$(GUEST_KSELFTEST)
GUEST_PROGS := $(addprefix $(GUEST_OBJ)/,$(GUEST_C))
GUEST_STAGED := $(addprefix $(GUEST_DIR)/tests/$(GUEST_PART)-,$(GUEST_C) $(GUEST_SH))

quiet_cmd_guest_cc = CC      $(GUEST_PART)-$(notdir $@)
      cmd_guest_cc = gcc $(GUEST_BASE_CFLAGS) $(GUEST_CFLAGS) -o $@ $< \
		     $(GUEST_HELPERS) $(GUEST_LDLIBS)

$(GUEST_OBJ)/%: $(GUEST_SRC)/%.c $(GUEST_HELPERS) $(GUEST_DEPS) $(GUEST_KSELFTEST)/kselftest.h
	@mkdir -p $(GUEST_OBJ)
	$(call cmd,guest_cc)

$(GUEST_KSELFTEST)/kselftest.h:
	@echo "$@: missing; set KSRC to a prepared kernel tree" >&2; exit 1

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

.DEFAULT_GOAL := $(guest_mk_goal)
