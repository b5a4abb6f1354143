// SPDX-License-Identifier: GPL-2.0-only
/// setup_timer(&p->f, fn, (unsigned long)p) to timer_setup() and from_timer()
///
/// 4.15 replaced setup_timer() and the timer_list .data cookie by
/// timer_setup(), whose callback gets the struct timer_list * and finds
/// its object with from_timer() (container_of).  That is the same
/// pointer only when the cookie is the very object that contains the
/// timer: setup_timer(&p->f, fn, (unsigned long)p) with a callback that
/// only casts its argument back to the type of p, in its first
/// declaration.  Any other cookie, a callback reading its argument
/// otherwise, or a callback named anywhere else than such setup_timer()
/// calls is left as it is, and the build reports it with the fix.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@r@
identifier fn, fld;
type T;
T *p;
@@
 setup_timer(&p->fld, fn, (unsigned long)p);

@cb@
identifier r.fn, data, v;
type r.T;
@@
 void fn(unsigned long data)
 {
 T *v = (T *)data;
 ... when != data
 }

// the callback named anywhere else: a direct call, another timer with
// another cookie or field, a function pointer stored elsewhere
@ok@
identifier r.fn, r.fld;
type r.T;
T *E;
position q;
@@
 setup_timer(&E->fld, fn@q, (unsigned long)E);

@other@
identifier r.fn;
position p1 != ok.q;
@@
 fn@p1

@depends on patch && cb && !other@
identifier r.fn, r.fld;
type r.T;
T *r.p;
@@
- setup_timer(&p->fld, fn, (unsigned long)p);
+ timer_setup(&p->fld, fn, 0);

@depends on patch && !other@
identifier r.fn, r.fld, cb.data, cb.v;
type r.T;
@@
 void fn(
-	unsigned long data
+	struct timer_list *t
 )
 {
-T *v = (T *)data;
+T *v = from_timer(v, t, fld);
 ...
 }

@depends on patch && cb && !other@
identifier r.fn, x;
@@
 void fn(
-	unsigned long x
+	struct timer_list *t
 );
