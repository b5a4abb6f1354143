# SPDX-License-Identifier: GPL-2.0-only
"""What modparm.cocci decides, as plain Python that spatch imports.

modparm.cocci's SmPL finds the MODULE_PARM sites and the declarations of
their variables; its script rules hand them here.  This package reads the
C text around them (#defines, typedefs, local headers, #if branches),
decides each site's modern form (module_param, _array, _string, _named,
_array_named, a module_param_cb setter, or left with a reason), and
writes the diagnostics and the records the converter reads.

  ctext.py         the C text: files, local headers, #defines, #if blocks
  types.py         type strings and declared types -> module_param types
  typetable.py     the one table of module_param types that types.py, the
                   converter's checks and the generated SmPL list read
  decide.py        what the script rules call: each site's decision,
                   taken once, and which rule rewrites it where
  forms.py         the form of a site: one function a form, from a table
  site.py          the steps before the form: where the site is, its
                   type string, its declaration, where its line goes
  declarations.py  declarations the text shows where spatch saw none
  cond_blocks.py   the #if blocks around a site and its declarations
  branch_decls.py  a variable declared in several #if branches
  string_arrays.py an array of strings that can become char *name[N]
  setup_parser.py  a count on a scalar that a __setup parser takes
  decision.py      a site's decision as a typed record
  reasons.py       every diagnostic: its kind and its text
  state.py         what the script rules of one spatch run share
  records.py       diagnostics, -D stats lines, records for the converter
  cppcond.py  an #if condition evaluated for every kernel with
              module_param (the converter's shims use it too)

spatch's embedded Python finds it through PYTHONPATH (the directory of
modparm.cocci): modparm-convert sets it for spatch, and a `make
coccicheck` user puts it in the environment (cocci/README.md).  Nothing
here needs spatch to be imported, so the decisions are tested without
it (../tests/test_rules.py, tables in ../tests/data/rules/).
"""
