// SPDX-License-Identifier: GPL-2.0-only
/// Remove MODULE_SUPPORTED_DEVICE()
///
/// The macro never stored anything in a module and was removed in
/// 5.12; the module is the same without it.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
declarer name MODULE_SUPPORTED_DEVICE;
expression e;
@@
- MODULE_SUPPORTED_DEVICE(e);
