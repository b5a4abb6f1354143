// SPDX-License-Identifier: GPL-2.0-only
/// file->f_dentry to file->f_path.dentry
///
/// f_dentry was a macro for f_path.dentry from 2.6.20 until its
/// removal in 3.19; the replacement is its expansion.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
struct file *f;
@@
- f->f_dentry
+ f->f_path.dentry

@depends on patch@
struct file f;
@@
- f.f_dentry
+ f.f_path.dentry
