// SPDX-License-Identifier: GPL-2.0-only
/// SA_* interrupt flags to IRQF_*
///
/// 2.6.18 renamed the request_irq() flags and 2.6.24 removed the old
/// names.  SA_SHIRQ is IRQF_SHARED and SA_PROBEIRQ IRQF_PROBE_SHARED,
/// the same bits.  SA_INTERRUPT (IRQF_DISABLED) has done nothing since
/// 2.6.35 and SA_SAMPLE_RANDOM was removed in 3.6: report mode names
/// them, as dropping a flag is for a person to check.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
@@
(
- SA_SHIRQ
+ IRQF_SHARED
|
- SA_PROBEIRQ
+ IRQF_PROBE_SHARED
)

@s depends on report@
position p;
@@
(
 SA_INTERRUPT@p
|
 SA_SAMPLE_RANDOM@p
)

@script:python depends on report@
p << s.p;
@@
coccilib.report.print_report(p[0], "SA_INTERRUPT/SA_SAMPLE_RANDOM have no 6.1 meaning: drop the flag")
