// SPDX-License-Identifier: GPL-2.0-only
/// Convert obsolete MODULE_PARM(var, "type") to module_param*()
///
/// MODULE_PARM and its type strings ("i", "1-4i", "c18", ...) were removed
/// in 2.6.17.  The modern macro is chosen from the variable's C declaration,
/// not from the letter: module_param(), module_param_array(),
/// module_param_string(), module_param_named() for a #define alias, and a
/// generated module_param_cb() setter when the old string demanded a minimum
/// element count.  Sites with no modern equivalent are left untouched and
/// reported.  Type strings built with macros (__MODULE_STRING(N),
/// __stringify(N), a #define'd string, possibly in a local header) are
/// expanded from the #defines of the file and of its local headers.
/// Permission defaults to 0 (the old behaviour, no sysfs file); choose
/// another one with -D perm=0444.
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Comments: diagnostics are GCC style "file:line:col: warning: msg
//           [modparm-KIND]" on stderr in patch mode; report mode prints
//           them with coccilib.report.
// Options: --no-includes --include-headers --keep-comments

// spatch deletes the comment above a line it removes.  A comment above a
// MODULE_PARM whose module_param goes below a later declaration must not be
// lost: it stays where it was, where it often still heads the
// MODULE_PARM_DESC and #ifdef MODULE of the parameter.  modparm-convert
// then moves it with the module_param line when nothing is left below it
// to describe (a reviewer expects a comment to follow the code it
// documents, as the comment on the MODULE_PARM line itself does) and
// removes the #ifdef MODULE block the move left empty.
#spatch --keep-comments

virtual patch
virtual context
virtual org
virtual report
virtual stats
virtual keep_minimum

@initialize:python@
@@
# What the rules below decide is plain Python beside this file
# (modparm_rules/), found through PYTHONPATH: modparm-convert sets it,
# a make coccicheck user gives it (README.md).
import sys
sys.dont_write_bytecode = True	# nothing written beside the semantic patch
try:
	from modparm_rules.ctext import set_includes, set_src
	from modparm_rules.records import out_diag
	from modparm_rules.reasons import Reason
	from modparm_rules.types import PARAM_CTYPE
	from modparm_rules.state import STATE
	from modparm_rules.declarations import alias_of, reverse_alias_of
	from modparm_rules.decide import (
		added, after_macro, at_decl, at_decl_dv, chosen, decide,
		is_after, is_form, no_variable, placed_args, record_decl,
		set_perm, string_array_decided, string_array_decl_at)
except ImportError as e:
	raise ImportError("modparm.cocci: %s: put the directory of modparm.cocci "
			  "in PYTHONPATH" % e)
# what the rules of this run share (modparm_rules/state.py), empty as
# the run starts
STATE.reset()
# the records of each --jobs worker, for merge. in the finalize rule
coccinelle.MODPARM_RECORDS = STATE.records


@r@
declarer name MODULE_PARM;
identifier v;
expression t;
position p;
@@

MODULE_PARM@p(v, t);

// These settings inherit from r so that spatch can still skip every file
// without MODULE_PARM (its grep query).
@script:python@
perm << virtual.perm;
p << r.p;
@@
set_perm(perm)

@script:python depends on stats@
p << r.p;
@@
STATE.stats_on = True

// the package's include path: its -I directories, or its SRC to search
@script:python@
inc << virtual.modparm_includes;
p << r.p;
@@
set_includes(inc)

@script:python@
src << virtual.modparm_src;
p << r.p;
@@
set_src(src)

@script:python depends on report@
p << r.p;
@@
STATE.report = True

@script:python depends on keep_minimum@
p << r.p;
@@
STATE.keep_min = True

@script:python ra@
v << r.v;
p << r.p;
dv;
@@
coccinelle.dv = cocci.make_ident(alias_of(v, p[0].file))

// a local of the same name in a function is not the declaration
@d_local@
identifier ra.dv, f;
type T;
position q;
@@

f(...) { <...
(
T dv@q;
|
T dv@q = ...;
)
...> }

@d@
identifier ra.dv;
type T;
position q != d_local.q;
@@

(
T dv@q;
|
T dv@q = ...;
)

@script:python@
dv << ra.dv;
T << d.T;
q << d.q;
@@
record_decl(dv, T, q[0])

// '#define vortex_debug debug' then 'static int vortex_debug;': the
// preprocessor makes that the declaration of debug, the MODULE_PARM's name.
@script:python rb@
v << r.v;
p << r.p;
rv;
@@
# with '#define azt_port aztcd' above 'static int azt_port', the
# declaration is found under its own name
coccinelle.rv = cocci.make_ident(v if alias_of(v, p[0].file) != v
				 else reverse_alias_of(v, p[0].file))

@d_rev_local@
identifier rb.rv, f;
type T;
position q;
@@

f(...) { <...
(
T rv@q;
|
T rv@q = ...;
)
...> }

@d_rev@
identifier rb.rv;
type T;
position q != d_rev_local.q;
@@

(
T rv@q;
|
T rv@q = ...;
)

@script:python@
v << r.v;
T << d_rev.T;
q << d_rev.q;
@@
record_decl(v, T, q[0])

// ---------------------------------------------------------------------------
// report, context, org: decisions and diagnostics only

@script:python depends on report@
v << r.v;
t << r.t;
p << r.p;
@@
decide(v, t, p[0])

@depends on context@
identifier r.v;
expression r.t;
position r.p;
@@

* MODULE_PARM@p(v, t);

@script:python depends on org@
v << r.v;
t << r.t;
p << r.p;
@@
r = decide(v, t, p[0])
coccilib.org.print_todo(p[0], "MODULE_PARM(%s): %s" % (v, r.form))

// An array of strings ("1-4c16" on 'char name[4][16]') whose uses only read
// the strings becomes 'char *name[4]', as upstream converted them; its
// MODULE_PARM then becomes module_param_array(name, charp, ...) below.
@script:python s_strarr depends on patch@
v << r.v;
t << r.t;
p << r.p;
sv;
@@
name = string_array_decided(v, t, p[0])
if name is None:
	cocci.include_match(False)
else:
	coccinelle.sv = cocci.make_ident(name)

@strarr_decl depends on patch@
identifier s_strarr.sv;
type T;
expression D1, D2;
initializer I;
position q : script:python(sv) { string_array_decl_at(q, sv) };
@@

(
- T sv@q[D1][D2];
+ T *sv[D1];
|
- T sv@q[D1][D2] = I;
+ T *sv[D1] = I;
)

@script:python depends on patch@
q << strarr_decl.q;
sv << s_strarr.sv;
@@
STATE.strarr_done.add((q[0].file, sv))

// ---------------------------------------------------------------------------
// patch: one rule per form for the sites whose line stays in place, a
// pair (site, declaration) per form for those whose line follows the
// declaration.  A script constraint on the MODULE_PARM's position keeps
// the sites decided for that form; fresh identifiers carry the decided
// type, target and permission into the added code.

@depends on patch@
declarer name MODULE_PARM, module_param;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "param", False) };
fresh identifier ty = script:python(v, t, p) { chosen(v, t, p, "ty") };
fresh identifier pm = script:python(v, t, p) { chosen(v, t, p, "perm") };
@@

- MODULE_PARM@p(v, t);
+ module_param(v, ty, pm);

// the variable has its module_param* already, or there is no variable
@drop depends on patch@
declarer name MODULE_PARM;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "drop", False) };
@@

- MODULE_PARM@p(v, t);

// no variable: no parameter either, so its description goes too
@script:python drop_novar@
v << drop.v;
t << drop.t;
p << drop.p;
nv;
@@
if no_variable(v, t, p):
	coccinelle.nv = cocci.make_ident(v)
else:
	cocci.include_match(False)

@depends on patch@
declarer name MODULE_PARM_DESC;
identifier drop_novar.nv;
expression desc;
@@

- MODULE_PARM_DESC(nv, desc);

@depends on patch@
declarer name MODULE_PARM, module_param_array;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "array", False) };
fresh identifier ty = script:python(v, t, p) { chosen(v, t, p, "ty") };
fresh identifier pm = script:python(v, t, p) { chosen(v, t, p, "perm") };
@@

- MODULE_PARM@p(v, t);
+ module_param_array(v, ty, NULL, pm);

@depends on patch@
declarer name MODULE_PARM, module_param_string;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "string", False) };
fresh identifier dv = script:python(v, t, p) { chosen(v, t, p, "dv") };
fresh identifier pm = script:python(v, t, p) { chosen(v, t, p, "perm") };
@@

- MODULE_PARM@p(v, t);
+ module_param_string(v, dv, sizeof(dv), pm);

@depends on patch@
declarer name MODULE_PARM, module_param_named;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "named", False) };
fresh identifier tgt = script:python(v, t, p) { chosen(v, t, p, "tgt") };
fresh identifier ty = script:python(v, t, p) { chosen(v, t, p, "ty") };
fresh identifier pm = script:python(v, t, p) { chosen(v, t, p, "perm") };
@@

- MODULE_PARM@p(v, t);
+ module_param_named(v, tgt, ty, pm);

@depends on patch@
declarer name MODULE_PARM, module_param_array_named;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "array_named", False) };
fresh identifier dv = script:python(v, t, p) { chosen(v, t, p, "dv") };
fresh identifier ty = script:python(v, t, p) { chosen(v, t, p, "ty") };
fresh identifier pm = script:python(v, t, p) { chosen(v, t, p, "perm") };
@@

- MODULE_PARM@p(v, t);
+ module_param_array_named(v, dv, ty, NULL, pm);

// The line follows the declaration the decision chose (at_decl); each
// addition is recorded, and only then is its MODULE_PARM removed.  '++':
// several variables of one declaration ('static int io, irq;') each get
// their line after it, in the order spatch gives them.  One rule adds
// the lines of every form: a line of another rule after the same token
// would not go in, and a declaration may hold parameters of different
// forms ('static int debug = 1, io[4];').  The macro is a declarer
// metavariable, its arguments after the name one identifier
// (placed_args: 'int, NULL, 0').

@a_after depends on patch@
declarer name MODULE_PARM;
identifier v;
expression t;
position p : script:python(v, t) { is_after(v, t, p) };
@@

MODULE_PARM@p(v, t);

@script:python s_after depends on patch@
v << a_after.v;
p << a_after.p;
mp;
@@
coccinelle.mp = cocci.make_ident(after_macro(v, p))

@add_after depends on patch@
identifier a_after.v;
declarer s_after.mp;
declaration dd;
position q : script:python(v) { at_decl(q, v) };
fresh identifier args = script:python(v, q) { placed_args(v, q) };
@@

  dd@q
++ mp(v, args);

@script:python depends on patch@
v << a_after.v;
q << add_after.q;
@@
added(v, q)

// The callback form always follows the declaration: its code uses it.
@m_a_cb depends on patch@
declarer name MODULE_PARM;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "cb", True) };
@@

MODULE_PARM@p(v, t);

@script:python s_a_cb@
v << m_a_cb.v;
t << m_a_cb.t;
p << m_a_cb.p;
dv;
ty;
perm;
nmin;
setfn;
getfn;
freefn;
opsvar;
arrvar;
numvar;
elemops;
tystr;
ctype;
@@
r = decide(v, t, p[0])
ty = r.ty or "int"
coccinelle.dv = cocci.make_ident(r.tgt)
coccinelle.ty = cocci.make_ident(ty)
coccinelle.perm = cocci.make_expr(r.perm)
coccinelle.nmin = cocci.make_expr(str(r.min))
coccinelle.setfn = cocci.make_ident("modparm_set_" + v)
coccinelle.getfn = cocci.make_ident("modparm_get_" + v)
coccinelle.freefn = cocci.make_ident("modparm_free_" + v)
coccinelle.opsvar = cocci.make_ident("modparm_ops_" + v)
# __param first: modpost lets a __param* symbol in .data refer to an
# __initdata array (a parameter of permission 0); the kernel's own
# module_param_array names its kparam_array __param_arr_<name> too
coccinelle.arrvar = cocci.make_ident("__param_arr_" + v)
coccinelle.numvar = cocci.make_ident("modparm_num_" + v)
coccinelle.elemops = cocci.make_ident("param_ops_" + ty)
coccinelle.tystr = cocci.make_expr('"array of %s"' % ty)
# the C type whose pointer module_param_array would check the array
# against (param_check_<type> of moduleparam.h)
coccinelle.ctype = cocci.make_type(PARAM_CTYPE.get(ty, ty))

// "&& m_a_cb" is implied by the inherited names, but spatch does not see
// through the script rule: without it this rule has no token to look for,
// and spatch --dir parses every file of the tree (its grep query is lost).
@add_cb depends on patch && m_a_cb@
identifier s_a_cb.dv, s_a_cb.setfn;
identifier s_a_cb.arrvar, s_a_cb.numvar, s_a_cb.elemops;
expression s_a_cb.nmin;
declaration dd;
position q : script:python(dv) { at_decl_dv(q, dv) };
@@

  dd@q
+ static unsigned int numvar;
+ static struct kparam_array arrvar = {
+	.max = ARRAY_SIZE(dv),
+	.elemsize = sizeof(dv[0]),
+	.num = &numvar,
+	.ops = &elemops,
+	.elem = dv,
+ };
+
+ static int setfn(const char *val, const struct kernel_param *kp)
+ {
+	int ret = param_array_ops.set(val, kp);
+
+	if (ret == 0 && numvar < nmin)
+		return -EINVAL;
+	return ret;
+ }

@script:python depends on patch@
q << add_cb.q;
dv << s_a_cb.dv;
@@
STATE.added.add((q[0].file, dv))

// spatch drops a blank line that follows a function in added code, but
// keeps one that starts the code added after a function: each of the
// following pieces is added after the function added just before it, so
// that every function is followed by a blank line (kernel style).
@add_cb_get depends on patch && add_cb@
identifier s_a_cb.setfn, s_a_cb.getfn;
type R;
@@

  R setfn(...) {...}
+
+ static int getfn(char *buf, const struct kernel_param *kp)
+ {
+	return param_array_ops.get(buf, kp);
+ }

@add_cb_free depends on patch && add_cb_get@
identifier s_a_cb.getfn, s_a_cb.freefn;
type R;
@@

  R getfn(...) {...}
+
+ static void freefn(void *arg)
+ {
+	param_array_ops.free(arg);
+ }

@add_cb_ops depends on patch && add_cb_free@
identifier m_a_cb.v, s_a_cb.setfn, s_a_cb.getfn, s_a_cb.freefn;
identifier s_a_cb.opsvar, s_a_cb.arrvar, s_a_cb.dv;
expression s_a_cb.perm, s_a_cb.tystr;
type s_a_cb.ctype;
type R;
declarer name module_param_cb, __MODULE_PARM_TYPE, __param_check;
@@

  R freefn(...) {...}
+
+ static const struct kernel_param_ops opsvar = {
+	.set = setfn,
+	.get = getfn,
+	.free = freefn,
+ };
+ __param_check(v, &(dv)[0], ctype);
+ module_param_cb(v, &opsvar, &arrvar, perm);
+ __MODULE_PARM_TYPE(v, tystr);

// A count on a scalar whose boot option a __setup function of the file
// parses (mcd): the parameter goes to that function, as at boot, through
// a setter and module_param_call after the __setup line, as upstream
// converted mcd.  The setter is __init like the parser it calls; the
// kernel's modpost allows that for module_param_call's ops when the
// permission is 0 (decided only without sysfs write permission).
@a_call depends on patch@
declarer name MODULE_PARM;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "call", True) };
@@

MODULE_PARM@p(v, t);

@script:python s_call@
v << a_call.v;
t << a_call.t;
p << a_call.p;
setfn;
parser;
arg;
perm;
@@
r = decide(v, t, p[0])
coccinelle.setfn = cocci.make_ident(r.setfn)
coccinelle.parser = cocci.make_ident(r.parser)
coccinelle.arg = cocci.make_expr(r.arg)
coccinelle.perm = cocci.make_expr(r.perm)

// "&& a_call" keeps spatch's grep query, as for add_cb above.
@add_call depends on patch && a_call@
identifier a_call.v, s_call.setfn, s_call.parser;
expression s_call.arg, s_call.perm;
declaration dd;
position q : script:python(v) { at_decl(q, v) };
declarer name module_param_call;
@@

  dd@q
+
+ static int __init setfn(const char *val, const struct kernel_param *kp)
+ {
+	parser(arg);
+	return 0;
+ }
+ module_param_call(v, setfn, NULL, NULL, perm);

@script:python depends on patch@
v << a_call.v;
q << add_call.q;
@@
added(v, q)

// A multi-dimensional array (mcdx's 'int mcdx_drive_map[][2]', "1-4i"):
// the old kernel filled its elements in memory order, and so does
// param_array_ops over a kparam_array of all its elements, after the
// declaration it uses.
@a_flat depends on patch@
declarer name MODULE_PARM;
identifier v;
expression t;
position p : script:python(v, t) { is_form(v, t, p, "flat", True) };
@@

MODULE_PARM@p(v, t);

@script:python s_flat@
v << a_flat.v;
t << a_flat.t;
p << a_flat.p;
dv;
arrvar;
elemops;
elem0;
perm;
tystr;
@@
r = decide(v, t, p[0])
coccinelle.dv = cocci.make_ident(r.tgt)
# __param first, as s_cb's: modpost accepts a reference to an __initdata
# array only from a __param* symbol
coccinelle.arrvar = cocci.make_ident("__param_arr_" + v)
coccinelle.elemops = cocci.make_ident("param_ops_" + r.ty)
coccinelle.elem0 = cocci.make_expr(r.tgt + "[0]" * r.ndims)
coccinelle.perm = cocci.make_expr(r.perm)
coccinelle.tystr = cocci.make_expr('"array of %s"' % r.ty)

// "&& a_flat" keeps spatch's grep query, as for add_cb above.
@add_flat depends on patch && a_flat@
identifier a_flat.v, s_flat.dv, s_flat.arrvar, s_flat.elemops;
expression s_flat.elem0, s_flat.perm, s_flat.tystr;
declaration dd;
position q : script:python(dv) { at_decl_dv(q, dv) };
declarer name module_param_cb, __MODULE_PARM_TYPE;
@@

  dd@q
+ static struct kparam_array arrvar = {
+	.max = sizeof(dv) / sizeof(elem0),
+	.elemsize = sizeof(elem0),
+	.ops = &elemops,
+	.elem = dv,
+ };
+ module_param_cb(v, &param_array_ops, &arrvar, perm);
+ __MODULE_PARM_TYPE(v, tystr);

@script:python depends on patch@
q << add_flat.q;
dv << s_flat.dv;
@@
STATE.added.add((q[0].file, dv))

// Sites whose module_param* went after the declaration
@m_moved depends on patch@
declarer name MODULE_PARM;
identifier v;
expression t;
position p;
@@

MODULE_PARM@p(v, t);

@script:python s_moved@
v << m_moved.v;
t << m_moved.t;
p << m_moved.p;
mv;
@@
r = decide(v, t, p[0])
if r.form == "left" or not (r.after or r.form == "cb"):
	cocci.include_match(False)
elif (p[0].file, r.dv) not in STATE.added:
	out_diag(p[0], *Reason.NOT_PLACED.diag(v=v, line=r.dline))
	cocci.include_match(False)
coccinelle.mv = cocci.make_ident(v)

@depends on patch@
identifier s_moved.mv;
expression m_moved.t;
@@

- MODULE_PARM(mv, t);

@finalize:python@
out << virtual.modparm_json;
recs << merge.MODPARM_RECORDS;
@@
import json
with open(out, "w") as f:
	json.dump([r for worker in recs for r in worker], f)
