# SPDX-License-Identifier: GPL-2.0
#
# The kernel's convention for what a recipe prints (scripts/Kbuild.include):
# a rule runs $(call cmd,NAME); make shows the short quiet_cmd_NAME line,
# or with V=1 the whole command cmd_NAME.  Kbuild.include itself is not
# included: it needs the rest of kbuild around it.
ifeq ($(V),1)
quiet :=
else
quiet := quiet_
endif

escsq = $(subst ','\'',$(1))
echo-cmd = $(if $($(quiet)cmd_$(1)),echo '  $(call escsq,$($(quiet)cmd_$(1)))';)
cmd = @set -e; $(echo-cmd) $(cmd_$(1))
