// SPDX-License-Identifier: GPL-2.0-only
/// Semaphore mutex emulation to its definition: DECLARE_MUTEX,
/// init_MUTEX and init_MUTEX_LOCKED
///
/// 2.6.37 removed the three macros.  They were defined as
/// DEFINE_SEMAPHORE(name) (count 1), sema_init(sem, 1) and
/// sema_init(sem, 0): each is replaced by its own expansion, so the
/// semaphore behaves as before (6.1's DEFINE_SEMAPHORE takes the name
/// only and starts at 1).
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
declarer name DECLARE_MUTEX, DEFINE_SEMAPHORE;
identifier m;
@@
- DECLARE_MUTEX(m);
+ DEFINE_SEMAPHORE(m);

@depends on patch@
expression e;
@@
(
- init_MUTEX(e)
+ sema_init(e, 1)
|
- init_MUTEX_LOCKED(e)
+ sema_init(e, 0)
)

@s depends on report@
expression e;
position p;
@@
(
 init_MUTEX@p(e)
|
 init_MUTEX_LOCKED@p(e)
)

@script:python depends on report@
p << s.p;
@@
coccilib.report.print_report(p[0], "init_MUTEX is gone since 2.6.37: sema_init(sem, 1), or a struct mutex")
