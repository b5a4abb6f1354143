# The pipeline, top to bottom:
#
#   deps      install missing Debian packages        scripts/ensure-deps.sh
#   convert   MODULE_PARM -> module_param patches     cocci/modparm-convert
#   functionlist  profiles -> hot-function linker list generator/, functionlist/
#   tree      pristine 6.1 + handwritten/series + generated-patches/series
#                                                     scripts/prepare-tree.sh
#   config    tinyconfig + qemu/kernel.config, verified  scripts/configure-kernel.sh
#   kernel    bzImage + modules in build/kbuild       scripts/build-kernel.sh
#   guest     tests, modules and programs for the VM  <part>/Makefile guest
#   initramfs busybox-static + /init + guest files    qemu/mkinitramfs.sh
#   boot      QEMU (TCG unless KVM proves to work)    qemu/run.sh
#   results   KTAP from the guest, summarised         scripts/ktap-summary
#
# `make` runs it all and prints a summary; `make check` runs every test
# suite (host and guest) and ends with "N passed, N failed".

BUILD      ?= $(CURDIR)/build
TARBALL    ?= /usr/src/linux-source-6.1.tar.xz
KSRC       := $(BUILD)/linux
KBUILD_OUT := $(BUILD)/kbuild
GUEST_DIR  := $(BUILD)/guest
LOGS       := $(BUILD)/logs
RUN        := $(BUILD)/run
INITRAMFS  := $(BUILD)/initramfs.cpio.gz
BZIMAGE    := $(KBUILD_OUT)/arch/x86/boot/bzImage
SERIES     := handwritten/series generated-patches/series
FRAGMENTS  := qemu/kernel.config
JOBS       ?= $(shell nproc)
ACCEL      ?= auto
BOOT_TIMEOUT ?= 900
DISKS      := $(BUILD)/disks/vda.img $(BUILD)/disks/vdb.img
# check-delays-debug's own, so that it may run beside a normal boot
DEBUG_DISKS := $(BUILD)/disks-debug/vda.img $(BUILD)/disks-debug/vdb.img

# The parts of the project, in the order make check runs their suites.
# Each part's Makefile includes scripts/part.mk and says on its
# PART_TARGETS line which of these it has: all, check-pipeline (the
# pipeline's own tests, first), check (host, before the guest boot),
# check-kernel (after it, inspecting the built kernel), guest, bench,
# fuzz; PART_NAME names its suite (default: its path, / as -).
PARTS := scripts/tests qemu/tests generator tools/taskdelays cocci/tests/load \
	 handwritten cocci cocci/port handwritten/reorder/tests qemu/plugin \
	 handwritten/delays/tests
# A listed part without its Makefile is an error, not a part skipped.
part_line = $(strip $(if $(wildcard $(1)/Makefile),\
	$(shell sed -n 's/^$(2)[[:space:]]*:=[[:space:]]*//p' $(1)/Makefile),\
	$(error $(1)/Makefile is missing: every listed part needs one)))
# The parts that have target $(1), in PARTS' order
parts_with = $(foreach d,$(PARTS),$(if $(filter $(1),$(call part_line,$(d),PART_TARGETS)),$(d)))
# A part's suite in make check: "NAME:make -C PART TARGET"
part_name = $(or $(call part_line,$(1),PART_NAME),$(subst /,-,$(1)))
part_suites = $(foreach d,$(call parts_with,$(1)),"$(call part_name,$(d)):$(MAKE) -C $(d) check $(KVARS)")

KVARS = KSRC=$(KSRC) KBUILD_OUT=$(KBUILD_OUT) GUEST_DIR=$(GUEST_DIR) BUILD=$(BUILD)

# Recipes print kbuild's short lines; V=1 prints the commands.
include scripts/kbuild-cmd.mk

.PHONY: all check check-delays-debug bench fuzz deps convert port update functionlist update-functionlist tree config kernel guest \
	initramfs boot results summary host clean

all: summary

deps:
	@scripts/ensure-deps.sh

# Without SRC: convert the pristine kernel tree and our legacy test
# modules into build/ and compare with what generated-patches/ holds (a
# stale committed patch is an error; `make update` rewrites it).  With
# SRC=DIR: convert someone's tree or driver (OUT=DIR, PERM=0444,
# KEEP_MINIMUM=1, CHECK_BUILD=DIR: build the conversions against that
# built kernel, such as build/kbuild; INCLUDES="DIR DIR": the package's
# include path, its Makefile's -I directories in order).
quiet_cmd_convert_src = CONVERT $(SRC)
      cmd_convert_src = cocci/modparm-convert $(if $(OUT),--out $(OUT)) \
		$(if $(PERM),--perm $(PERM)) $(if $(KEEP_MINIMUM),--keep-minimum) \
		$(if $(CHECK_BUILD),--check-build $(CHECK_BUILD)) \
		$(foreach d,$(INCLUDES),-I $(d)) $(SRC)
quiet_cmd_convert_tree = CONVERT $(BUILD)/linux-pristine, compared with generated-patches/
      cmd_convert_tree = scripts/convert-tree.sh --check \
		$(BUILD)/linux-pristine $(BUILD)/convert generated-patches
quiet_cmd_update_tree = UPDATE  generated-patches/ from $(BUILD)/linux-pristine
      cmd_update_tree = scripts/convert-tree.sh \
		$(BUILD)/linux-pristine $(BUILD)/convert generated-patches

convert: deps
ifdef SRC
	$(call cmd,convert_src)
else
	@scripts/prepare-tree.sh $(TARBALL) $(BUILD) $(SERIES) >/dev/null
	$(call cmd,convert_tree)
	@$(MAKE) --no-print-directory -C cocci/tests/load check-generated $(KVARS)
endif

# Port an old out-of-tree driver: SRC=DIR, KDIR=DIR (default: Debian's
# headers of linux-source-6.1, else build/kbuild), OUT=DIR (patches,
# report.txt, report.json; default build/port/NAME of SRC).
quiet_cmd_port = PORT    $(SRC)
      cmd_port = cocci/port-driver $(if $(KDIR),--kdir $(KDIR)) \
		--out $(or $(OUT),$(BUILD)/port/$(notdir $(abspath $(SRC)))) $(SRC)

port: deps
ifdef SRC
	$(call cmd,port)
else
	@echo "usage: make port SRC=DIR [KDIR=DIR] [OUT=DIR]" >&2; exit 2
endif

# The one target that writes committed files: regenerate what the
# pipeline derives (converter patches, function list, the SmPL type list
# of cocci/modparm_helpers.cocci), for review and commit.
update: deps update-functionlist
	@python3 cocci/gen_smpl_types.py
	@scripts/prepare-tree.sh $(TARBALL) $(BUILD) $(SERIES) >/dev/null
	$(call cmd,update_tree)
	@$(MAKE) --no-print-directory -C cocci/tests/load regenerate $(KVARS)

tree: deps
	@scripts/prepare-tree.sh $(TARBALL) $(BUILD) $(SERIES)

# Reconfigure only when the fragment or the patched tree changed, so
# an unchanged tree rebuilds nothing.
quiet_cmd_config = CONFIG  $(KBUILD_OUT)/.config: tinyconfig + $(FRAGMENTS)
      cmd_config = scripts/configure-kernel.sh $(KSRC) $(KBUILD_OUT) $(FRAGMENTS)
$(KBUILD_OUT)/.config-stamp: $(FRAGMENTS) $(KSRC)/.series-id
	$(call cmd,config)
	@touch $@
config: tree
	@$(MAKE) --no-print-directory $(KBUILD_OUT)/.config-stamp

# The committed function list goes into the tree (only when it changed,
# so an unchanged list relinks nothing); CONFIG_FUNCTION_REORDER_LIST
# names it relative to the tree.
kernel: config
	@$(MAKE) --no-print-directory -C functionlist install $(KVARS)
	@scripts/build-kernel.sh $(KSRC) $(KBUILD_OUT) $(LOGS) $(JOBS)

# Generate the function list from the committed profiles, under
# build/ only: a stale functionlist/functionlist is reported here and
# fails make check (handwritten/reorder/tests); update-functionlist rewrites it.
functionlist: host
	@$(MAKE) --no-print-directory -C functionlist list $(KVARS)

update-functionlist: host
	@$(MAKE) --no-print-directory -C functionlist update $(KVARS)

host: deps
	@set -e; for d in $(call parts_with,all); do \
		$(MAKE) --no-print-directory -C $$d all $(KVARS); done

guest: kernel host
	@rm -rf $(GUEST_DIR)
	@mkdir -p $(GUEST_DIR)
	@set -e; for d in $(call parts_with,guest); do \
		$(MAKE) --no-print-directory -C $$d guest $(KVARS); done

quiet_cmd_host_cc = HOSTCC  $@
      cmd_host_cc = $(CC) -O2 -o $@ $<
$(BUILD)/bin/gen_init_cpio: $(KSRC)/usr/gen_init_cpio.c
	@mkdir -p $(dir $@)
	$(call cmd,host_cc)

quiet_cmd_initramfs = CPIO    $(INITRAMFS)
      cmd_initramfs = qemu/mkinitramfs.sh $(BUILD)/bin/gen_init_cpio qemu/init \
		$(GUEST_DIR) $(INITRAMFS)
initramfs: guest $(BUILD)/bin/gen_init_cpio
	$(call cmd,initramfs)

$(DISKS) $(DEBUG_DISKS):
	@mkdir -p $(dir $@)
	@truncate -s 64M $@

quiet_cmd_boot = QEMU    $(BZIMAGE), KTAP into $(RUN)/ktap.log
      cmd_boot = qemu/run.sh --kernel $(BZIMAGE) --initrd $(INITRAMFS) --out $(RUN) \
		--accel $(ACCEL) --timeout $(BOOT_TIMEOUT) \
		$(addprefix --disk ,$(DISKS)) $(if $(APPEND),--append "$(APPEND)")
boot: initramfs $(DISKS)
	$(call cmd,boot)

results: boot
	@scripts/ktap-summary $(RUN)/ktap.log

summary: convert functionlist
	@$(MAKE) --no-print-directory results; rc=$$?; \
	scripts/summary.sh $(BUILD) $$rc

# Every suite runs even when an earlier one failed, each a KTAP subtest
# of build/logs/check/all.ktap (scripts/ktap-nest; the guest suite adds
# the guest's own KTAP); the last line is the grand total.  The patched tree comes first (host suites use its
# checkpatch.pl and headers), then host-only suites, then the guest boot
# (which builds the kernel), then the suites that inspect the built kernel.
check: deps
	@scripts/ktap-nest $(LOGS)/check \
		$(call part_suites,check-pipeline) \
		"tree:$(MAKE) tree" \
		"convert-tree:scripts/convert-tree.sh --check $(BUILD)/linux-pristine $(BUILD)/convert generated-patches" \
		$(call part_suites,check) \
		"guest:$(MAKE) results; rc=\$$?; cat $(RUN)/ktap.log 2>/dev/null; exit \$$rc" \
		$(call part_suites,check-kernel) \
		"boot-failures:$(MAKE) -C qemu/tests check-boot $(KVARS)"

# The delays patches under the kernel's race and lock checkers: a second
# kernel from the same tree, with handwritten/delays/tests/debug.config
# (KCSAN, lockdep) over the test fragment, in $(DEBUG_KBUILD)
# (incremental), boots the delays tests alone and under churn.
DEBUG_KBUILD    := $(BUILD)/kbuild-debug
DEBUG_FRAGMENTS := $(FRAGMENTS) handwritten/delays/tests/debug.config
quiet_cmd_debug_config = CONFIG  $(DEBUG_KBUILD)/.config: tinyconfig + $(DEBUG_FRAGMENTS)
      cmd_debug_config = scripts/configure-kernel.sh $(KSRC) $(DEBUG_KBUILD) \
		$(DEBUG_FRAGMENTS)
$(DEBUG_KBUILD)/.config-stamp: $(DEBUG_FRAGMENTS) $(KSRC)/.series-id
	$(call cmd,debug_config)
	@touch $@
check-delays-debug: initramfs $(DEBUG_DISKS)
	@$(MAKE) --no-print-directory $(DEBUG_KBUILD)/.config-stamp
	@scripts/build-kernel.sh $(KSRC) $(DEBUG_KBUILD) $(LOGS)/debug $(JOBS)
	@$(MAKE) --no-print-directory -C handwritten/delays/tests check-debug $(KVARS) \
		DEBUG_BZIMAGE=$(DEBUG_KBUILD)/arch/x86/boot/bzImage DISKS="$(DEBUG_DISKS)"

# The pipeline's own numbers first (in build/bench, cold then warm), then
# each part's; the guest benchmarks boot the normal build's kernel.
bench: deps
	@scripts/bench-pipeline.sh $(BUILD)
	@$(MAKE) --no-print-directory initramfs $(DISKS)
	@set -e; for d in $(call parts_with,bench); do \
		$(MAKE) -C $$d bench $(KVARS); done

fuzz: deps
	@set -e; for d in $(call parts_with,fuzz); do \
		$(MAKE) -C $$d fuzz $(KVARS); done

clean:
	rm -rf $(BUILD)
