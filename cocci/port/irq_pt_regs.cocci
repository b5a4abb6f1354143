// SPDX-License-Identifier: GPL-2.0-only
/// An interrupt handler's unused struct pt_regs * parameter dropped
///
/// 2.6.19 took the struct pt_regs * argument from interrupt handlers
/// (commit 'IRQ: Maintain regs pointer globally rather than passing to
/// IRQ handlers'): irq_handler_t is irqreturn_t (*)(int, void *).  A
/// handler given to request_irq() loses the parameter when its body never
/// names it and the handler is named nowhere but in request_irq() calls:
/// it is then only ever called by the interrupt core, which passes the
/// first two arguments as before.  A handler that reads the registers
/// (get_irq_regs() gives them now), or is also called directly or kept
/// in a pointer of the old type, is left, and the build reports it with
/// the fix.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@r@
identifier handler;
expression irq, flags, name, dev;
position p;
@@
 request_irq(irq, handler@p, flags, name, dev)

@unused@
identifier r.handler, i, d, regs;
type T1, T2;
typedef irqreturn_t;
@@
 irqreturn_t handler(T1 i, T2 d, struct pt_regs *regs)
 {
 ... when != regs
 }

@elsewhere@
identifier r.handler;
position o != r.p;
@@
 handler@o

@depends on patch && unused && !elsewhere@
identifier r.handler, unused.regs;
type T1, T2;
identifier i, d;
@@
 irqreturn_t handler(T1 i, T2 d
-	, struct pt_regs *regs
 )
 {
 ...
 }

@depends on patch && unused && !elsewhere@
identifier r.handler;
type T1, T2, T3;
@@
 irqreturn_t handler(T1, T2
-	, T3
 );

@depends on patch && unused && !elsewhere@
identifier r.handler, x, y, z;
type T1, T2, T3;
@@
 irqreturn_t handler(T1 x, T2 y
-	, T3 z
 );
