// SPDX-License-Identifier: GPL-2.0-only
/// INIT_WORK(&p->fld, fn, p) to INIT_WORK(&p->fld, fn) and container_of()
///
/// 2.6.20 dropped the data argument of INIT_WORK(): the handler gets the
/// struct work_struct * and finds its object with container_of().  That
/// is the pointer the old handler got only when the data is the very
/// object containing the work: INIT_WORK(&p->fld, fn, p), with a handler
/// void fn(void *data) that only takes its argument as a T * (with or
/// without a cast) in its first declaration, and is named nowhere else
/// than in such INIT_WORK() calls of the field fld.  Any other data (an
/// index, another object), a handler reading its argument otherwise,
/// named elsewhere (a direct call, PREPARE_WORK(), another field) or
/// using the name work already is left, and the build reports it with
/// the fix.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@r@
identifier fld, fn;
type T;
T *p;
position f;
@@
(
 INIT_WORK(&p->fld, fn@f, p)
|
 INIT_WORK(&p->fld, fn@f, (void *)p)
)

// work: the name the converted handler gives its parameter
@cb@
identifier r.fn, arg, v;
type r.T;
symbol work;
@@
 void fn(void *arg)
 {
(
 T *v = arg;
|
 T *v = (T *)arg;
)
 ... when != arg
     when != work
 }

// fn named elsewhere: a direct call, PREPARE_WORK(), other data
@elsewhere@
identifier r.fn;
position o != r.f;
@@
 fn@o

// the same handler for two fields
@otherfield@
identifier r.fld, r.fn;
identifier g : script:python (fld) { g != fld };
expression X, D;
@@
 INIT_WORK(&X->g, fn, D)

@depends on patch && cb && !elsewhere && !otherfield@
identifier r.fld, r.fn;
type r.T;
T *p;
@@
(
-INIT_WORK(&p->fld, fn, p)
+INIT_WORK(&p->fld, fn)
|
-INIT_WORK(&p->fld, fn, (void *)p)
+INIT_WORK(&p->fld, fn)
)

@depends on patch && cb && !elsewhere && !otherfield@
identifier r.fld, r.fn, cb.arg, cb.v;
type r.T;
@@
 void fn(
-	void *arg
+	struct work_struct *work
 )
 {
(
-T *v = arg;
+T *v = container_of(work, T, fld);
|
-T *v = (T *)arg;
+T *v = container_of(work, T, fld);
)
 ...
 }

@depends on patch && cb && !elsewhere && !otherfield@
identifier r.fn, x;
@@
 void fn(
-	void *x
+	struct work_struct *work
 );
