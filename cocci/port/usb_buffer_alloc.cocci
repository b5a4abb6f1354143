// SPDX-License-Identifier: GPL-2.0-only
/// usb_buffer_alloc/usb_buffer_free to usb_alloc_coherent/usb_free_coherent
///
/// Renamed in 2.6.35 with the same arguments and behaviour.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
expression list es;
@@
(
- usb_buffer_alloc(es)
+ usb_alloc_coherent(es)
|
- usb_buffer_free(es)
+ usb_free_coherent(es)
)
