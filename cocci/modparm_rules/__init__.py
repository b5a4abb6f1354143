# SPDX-License-Identifier: GPL-2.0-only
"""What modparm.cocci decides, as plain Python that spatch imports.

modparm.cocci's SmPL finds the MODULE_PARM sites and the declarations of
their variables; its script rules hand them here.  This package reads the
C text around them (#defines, typedefs, local headers, #if branches),
decides each site's modern form (module_param, _array, _string, _named,
_array_named, a module_param_cb setter, or left with a reason), and
writes the diagnostics and the records the converter reads.

  ctext.py    the C text: files, local headers, #defines, #if blocks
  types.py    type strings and declared types -> module_param types
  typetable.py  the one table of module_param types that types.py, the
              converter's checks and the generated SmPL list read
  decide.py   the form of each site and where its line goes (what the
              script rules call; it imports the others)
  records.py  diagnostics, -D stats lines, records for the converter
  cppcond.py  an #if condition evaluated for every kernel with
              module_param (the converter's shims use it too)

spatch's embedded Python finds it through PYTHONPATH (the directory of
modparm.cocci): modparm-convert sets it for spatch, and a `make
coccicheck` user puts it in the environment (cocci/README.md).  Nothing
here needs spatch to be imported, so the decisions are tested without
it (../tests/test_rules.py, tables in ../tests/data/rules/).
"""
