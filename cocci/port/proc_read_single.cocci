// SPDX-License-Identifier: GPL-2.0-only
/// A single-page read_proc to a seq_file show function
///
/// 3.10 removed create_proc_read_entry() and read_proc.  The classic
/// reader that prints everything with len += sprintf(page + len, ...),
/// sets *eof = 1 and returns len, never reading off, count or *start,
/// gave the reader the page from its offset on: what single_open()
/// gives of the same text.  Such a function, named by nothing but one
/// create_proc_read_entry(), becomes a show function printing with
/// seq_printf(), registered with proc_create_single_data() under the
/// same name, mode, parent and data (m->private).  Any other reader,
/// or create_proc_entry() with ->read_proc, is left for a person (the
/// fix is in the report).
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@reg@
identifier F;
expression N, M, P, D;
position pr;
@@
 create_proc_read_entry(N, M, P, F@pr, D)

@cand@
identifier reg.F, page, start, off, count, eof, data, len;
@@
 static int F(char *page, char **start, off_t off, int count, int *eof, void *data)
 {
 ... when any
 *eof = 1;
 return len;
 }

// the sanctioned uses of the reader's parameters and len
@okp@
identifier reg.F, cand.page, cand.len, cand.eof;
expression list es;
position q1, q2, q3;
@@
 F(...) { <...
(
 len@q1 += sprintf(page@q2 + len@q3, es);
|
 *eof@q1 = 1;
|
 return len@q1;
|
 int len@q1 = 0;
)
 ...> }

// any other use of them, the names the show function's parameters
// take, and any other return: returning 0 after printing gave the
// reader nothing, where show would give what it printed
@bad@
identifier reg.F, cand.page, cand.start, cand.off, cand.count, cand.eof, cand.len;
identifier x = {m, v};
expression E;
position p != {okp.q1, okp.q2, okp.q3};
@@
 F(...) { <+...
(
 return E@p;
|
 page@p
|
 start@p
|
 off@p
|
 count@p
|
 eof@p
|
 len@p
|
 x@p
)
 ...+> }

// the reader named anywhere but its one registration and prototypes
@other@
identifier reg.F;
position p != reg.pr;
@@
 F@p

// a reader of cand's shape that neither bad nor other matched
@conv depends on patch && !bad && !other@
identifier reg.F, cand.eof, cand.len;
position pc;
@@
 F@pc(...)
 {
 ... when any
 *eof = 1;
 return len;
 }

// the rules below depend on s, so they change only the readers s did
@s@
identifier reg.F, cand.page, cand.eof, cand.len;
expression list es;
position conv.pc;
@@
 F@pc(...) { <...
(
- len += sprintf(page + len, es);
+ seq_printf(m, es);
|
- *eof = 1;
|
- return len;
+ return 0;
)
 ...> }

// apart from the statements above, so that spatch keeps the blank line
// after the declarations
@depends on s@
identifier reg.F, cand.len;
@@
 F(...) {
 ... when any
- int len = 0;
 ... when any
 }

@depends on s@
identifier reg.F, cand.page, cand.start, cand.off, cand.count, cand.eof, cand.data;
@@
 int F(
-	char *page, char **start, off_t off, int count, int *eof, void *data
+	struct seq_file *m, void *v
 )
 {
+	void *data = m->private;
 <+... data ...+>
 }

@depends on s@
identifier reg.F, cand.page, cand.start, cand.off, cand.count, cand.eof, cand.data;
@@
 int F(
-	char *page, char **start, off_t off, int count, int *eof, void *data
+	struct seq_file *m, void *v
 )
 {
 ... when != data
 }

@depends on s@
identifier reg.F, a, b, c, d, e, g;
@@
 int F(
-	char *a, char **b, off_t c, int d, int *e, void *g
+	struct seq_file *m, void *v
 );

@depends on s@
identifier reg.F;
expression N, M, P, D;
@@
- create_proc_read_entry(N, M, P, F, D)
+ proc_create_single_data(N, M, P, F, D)

@inc depends on s@
@@
#include <linux/seq_file.h>

@depends on s && !inc@
@@
 #include <linux/proc_fs.h>
+#include <linux/seq_file.h>
