# SPDX-License-Identifier: GPL-2.0-only
"""What a decision leaves behind: GCC-style diagnostics on stderr (or
coccilib.report's in report mode), the modparm-site lines of -D stats,
and the records the converter reads (MODPARM_RECORDS, -D modparm_json)."""

import sys


def out_diag(p, kind, msg):
	pos = "%s:%s:%d" % (p.file, p.line, int(p.column) + 1)
	sev = "note" if kind in NOTE_KINDS else "warning"
	text = "%s: %s [modparm-%s]" % (sev, msg, kind)
	if REPORT[0]:
		from coccilib.report import print_report
		print_report(p, text)
	else:
		sys.stderr.write("%s: %s\n" % (pos, text))
	STATS.append((p.file, p.line, kind))
	emit({"file": p.file, "line": int(p.line), "col": int(p.column) + 1,
	      "severity": sev, "kind": kind, "message": msg})


# Decisions and diagnostics as records for a driver (-D modparm_json=FILE):
# modparm.cocci puts this list into the coccinelle module so that the
# finalize rule gets those of every --jobs worker (merge.), as one list
# per worker.  It is only ever appended to, never rebound.
MODPARM_RECORDS = []


def emit(rec):
	MODPARM_RECORDS.append(rec)


REPORT = [False]


STATS: list[tuple[str, str, str]] = []


STATS_ON = [False]


# a compat site is already right (the old-kernel branch of a block whose
# other branch has the module_param*): nothing to do, so no warning
NOTE_KINDS = ("typedef-header", "branch-lines", "compat")
