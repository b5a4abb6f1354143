// SPDX-License-Identifier: GPL-2.0-only
/// Find MODULE_PARM() calls and nothing else
///
/// The yardstick of make bench (bench.sh): modparm-convert is timed
/// against this detection-only rule, run as plain spatch --dir with the
/// converter's options and --jobs, so that the ratio says what deciding
/// and rewriting cost over finding the sites (each found file is parsed
/// either way).
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Options: --no-includes

virtual context

@r@
declarer name MODULE_PARM;
identifier v;
expression t;
@@

* MODULE_PARM(v, t);
