# SPDX-License-Identifier: GPL-2.0-only
"""What a conversion says: the forms' names in its commit messages and
its check diagnostics."""

FORMNAME = {"param": "module_param()", "array": "module_param_array()",
	    "string": "module_param_string()", "named": "module_param_named()",
	    "array_named": "module_param_array_named()",
	    "cb": "module_param_cb() with a generated setter",
	    "call": "module_param_call() to the driver's __setup parser",
	    "flat": "module_param_cb() with param_array_ops over a multi-dimensional array"}
