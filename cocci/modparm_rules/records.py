# SPDX-License-Identifier: GPL-2.0-only
"""What a decision leaves behind: GCC-style diagnostics on stderr (or
coccilib.report's in report mode), and the records the converter reads
(STATE.records, -D modparm_json)."""

import sys

from .state import STATE


# a compat site is already right (the old-kernel branch of a block whose
# other branch has the module_param*): nothing to do, so no warning
NOTE_KINDS = ("typedef-header", "branch-lines", "compat")


def out_diag(p, kind, msg):
	pos = "%s:%s:%d" % (p.file, p.line, int(p.column) + 1)
	sev = "note" if kind in NOTE_KINDS else "warning"
	text = "%s: %s [modparm-%s]" % (sev, msg, kind)
	if STATE.report:
		from coccilib.report import print_report
		print_report(p, text)
	else:
		sys.stderr.write("%s: %s\n" % (pos, text))
	emit({"file": p.file, "line": int(p.line), "col": int(p.column) + 1,
	      "severity": sev, "kind": kind, "message": msg})


# Decisions and diagnostics as records for a driver (-D modparm_json=FILE):
# modparm.cocci puts STATE.records into the coccinelle module so that the
# finalize rule gets those of every --jobs worker (merge.), as one list
# per worker.
def emit(rec):
	STATE.records.append(rec)
