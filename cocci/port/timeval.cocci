// SPDX-License-Identifier: GPL-2.0-only
/// struct timeval filled by do_gettimeofday() to struct timespec64 and
/// ktime_get_real_ts64()
///
/// 5.0 removed do_gettimeofday() (commit e4b92b108c6c) and 5.6 struct
/// timeval from the kernel (y2038).  Documentation/core-api/timekeeping.rst
/// names ktime_get_real_ts64() its direct replacement: the same
/// wall-clock reading, which do_gettimeofday() itself was built on
/// (tv_usec was tv_nsec / 1000).  So a tv_usec read becomes
/// (tv_nsec / NSEC_PER_USEC), of the same value and type (long), and a
/// tv_usec store keeps its value in tv_nsec times NSEC_PER_USEC.
/// Monotonic time (ktime_get()) would be better for intervals, but it
/// is another clock: a time set by settimeofday() shows in the old code
/// and would not in the new one, so that choice is left to a person.
///
/// Only a variable whose every use stays inside the expression the
/// rule rewrites is converted: a local, or a static one, declared
/// alone (struct timeval v;), filled by do_gettimeofday(&v), and
/// otherwise only read or assigned through v.tv_sec and v.tv_usec.
/// Its address, the whole struct (copied, assigned, sizeof), a
/// compound assignment or increment of tv_usec, or v.tv_sec as a call
/// argument (a printk("%ld") would get a time64_t) can reach code or
/// user space expecting a timeval: left, and the build reports it with
/// the fix.  So are struct fields (their uses are in other files),
/// non-static globals and do_gettimeofday() on anything else, such as
/// a v4l2_buffer timestamp.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@tv@
identifier v;
position p;
@@
 struct timeval v@p;

// where the declaration may be: a function's own, or static
@local@
identifier tv.v, fn;
position tv.p;
@@
 fn(...) { ... struct timeval v@p; ... }

@stat@
identifier tv.v;
position tv.p;
@@
 static struct timeval v@p;

@ok@
identifier tv.v;
position q;
@@
(
 do_gettimeofday(&v@q)
|
 v@q.tv_sec
|
 v@q.tv_usec
)

// a use ok saw inside a construct that lets the timeval's layout or
// tv_sec's type escape
@escape@
identifier tv.v, f;
expression E;
@@
(
 &v.tv_sec
|
 &v.tv_usec
|
 v.tv_usec++
|
 ++v.tv_usec
|
 v.tv_usec--
|
 --v.tv_usec
|
 v.tv_usec += E
|
 v.tv_usec -= E
|
 v.tv_usec *= E
|
 v.tv_usec /= E
|
 v.tv_usec %= E
|
 v.tv_usec <<= E
|
 v.tv_usec >>= E
|
 v.tv_usec &= E
|
 v.tv_usec |= E
|
 v.tv_usec ^= E
|
 f(..., v.tv_sec, ...)
)

@other@
identifier tv.v;
position q != ok.q;
@@
 v@q

@decl depends on patch && (local || stat) && !escape && !other@
identifier tv.v;
position tv.p;
@@
-struct timeval v@p;
+struct timespec64 v;

@depends on patch && decl@
identifier tv.v;
@@
-do_gettimeofday(&v)
+ktime_get_real_ts64(&v)

@store depends on patch && decl@
identifier tv.v;
expression E;
position s;
@@
 v.tv_usec@s = E

// reads first, then the stores whose value may hold them
@depends on patch && decl@
identifier tv.v;
position p != store.s;
@@
-v.tv_usec@p
+(v.tv_nsec / NSEC_PER_USEC)

// a store keeps its value: E * 1000 / 1000 is E again at every read
@depends on patch && decl@
identifier tv.v;
expression E;
constant C;
idexpression I;
@@
(
-v.tv_usec = C
+v.tv_nsec = C * NSEC_PER_USEC
|
-v.tv_usec = I
+v.tv_nsec = I * NSEC_PER_USEC
|
-v.tv_usec = E
+v.tv_nsec = (E) * NSEC_PER_USEC
)
