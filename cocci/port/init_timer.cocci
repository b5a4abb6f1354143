// SPDX-License-Identifier: GPL-2.0-only
/// init_timer() with .function and .data stores to timer_setup() and
/// from_timer()
///
/// 4.15 removed init_timer() and the timer_list .data cookie: the
/// callback of timer_setup() gets the struct timer_list * and finds its
/// object with from_timer() (container_of).  That is the pointer the old
/// callback got only when every .data stored into the timer is the very
/// object containing it: p->fld.data = (unsigned long)p.  So a timer
/// field fld of the objects T that init_timer(&p->fld) sets up is
/// converted only when, in the whole file,
///  - every store to a .fld.data is (unsigned long) of the object itself,
///  - every function stored to a .fld.function takes unsigned long and
///    only casts it back to T * in its first declaration, and is named
///    nowhere else than in such stores into a field fld,
///  - every init_timer(&p->fld) is followed by its .function store
///    (with the .data store in between or after).
/// Then init_timer() and that .function store become timer_setup(&p->fld,
/// fn, 0), the .data stores go, and each callback takes struct
/// timer_list *t.  Other .function stores stay: the converted callbacks
/// have the type timer_list.function has now.  Anything else (an index
/// or another object as cookie, a callback reading its argument, one
/// callback for two fields, a timer outside a struct) is left, and the
/// build reports it with the fix.
///
/// The old callback got whatever .data held when the timer fired; a
/// timer fired before its .data store would have passed 0 and crashed,
/// where from_timer() gives the object.  That is the only difference.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py);
// setup_timer() is timer_setup.cocci's
// Options: --include-headers

virtual patch

@r@
identifier fld;
type T;
T *p;
@@
 init_timer(&p->fld);

@store@
identifier r.fld, fn;
type r.T;
T *E;
position f;
@@
 E->fld.function = fn@f;

// t: the name the converted callback gives its parameter
@cb@
identifier store.fn, arg, v;
type r.T;
symbol t;
@@
 void fn(unsigned long arg)
 {
 T *v = (T *)arg;
 ... when != arg
     when != t
 }

// fn named elsewhere: a direct call, a pointer kept elsewhere, a store
// into another timer
@elsewhere@
identifier store.fn;
position o != store.f;
@@
 fn@o

@otherfield@
identifier r.fld, store.fn;
identifier g : script:python (fld) { g != fld };
expression X;
@@
(
 X->g.function = fn
|
 X.g.function = fn
)

@okstore depends on cb && !elsewhere && !otherfield@
identifier r.fld, store.fn;
type r.T;
T *E;
position b;
@@
 E->fld.function@b = fn;

@okdata@
identifier r.fld;
type r.T;
T *E;
position d;
@@
 E->fld.data@d = (unsigned long)E;

@pair@
identifier r.fld, fn;
type r.T;
T *E;
position i;
@@
(
 init_timer@i(&E->fld);
 E->fld.function = fn;
|
 init_timer@i(&E->fld);
 E->fld.data = (unsigned long)E;
 E->fld.function = fn;
)

// anything of the field the conversion does not keep
@blocked@
identifier r.fld, fn;
expression X;
position b != okstore.b, d != okdata.d, i != pair.i;
@@
(
 X->fld.function@b = fn
|
 X.fld.function@b = fn
|
 X->fld.data@d
|
 X.fld.data@d
|
 init_timer@i(&X->fld)
|
 init_timer@i(&X.fld)
)

@depends on patch && !blocked@
identifier r.fld;
type r.T;
T *E;
@@
-E->fld.data = (unsigned long)E;

@depends on patch && !blocked@
identifier r.fld, fn;
type r.T;
T *E;
@@
-init_timer(&E->fld);
-E->fld.function = fn;
+timer_setup(&E->fld, fn, 0);

@depends on patch && !blocked@
identifier r.fld, store.fn, cb.arg, cb.v;
type r.T;
@@
 void fn(
-	unsigned long arg
+	struct timer_list *t
 )
 {
-T *v = (T *)arg;
+T *v = from_timer(v, t, fld);
 ...
 }

@depends on patch && !blocked@
identifier store.fn, x;
@@
 void fn(
-	unsigned long x
+	struct timer_list *t
 );
