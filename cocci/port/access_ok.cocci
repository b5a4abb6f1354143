// SPDX-License-Identifier: GPL-2.0-only
/// access_ok(VERIFY_READ/VERIFY_WRITE, addr, size) to access_ok(addr, size)
///
/// 5.0 removed the type argument of access_ok() and VERIFY_READ and
/// VERIFY_WRITE with it: no architecture had read it since the kernel
/// stopped supporting the 80386, whose kernel mode ignored write
/// protection.  The argument goes where it is one of those two
/// constants, which evaluate nothing.  Any other first argument (an expression that
/// could have a side effect), or a file that defines access_ok or the
/// VERIFY_* names itself, is left for a person.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@own@
identifier m = {access_ok, VERIFY_READ, VERIFY_WRITE};
@@
(
#define m(...) ...
|
#define m ...
)

@depends on patch && !own@
expression a, n;
@@
 access_ok(
-	\(VERIFY_READ\|VERIFY_WRITE\),
 a, n)
