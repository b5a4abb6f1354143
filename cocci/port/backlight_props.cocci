// SPDX-License-Identifier: GPL-2.0-only
/// backlight_device_register() with four arguments gets NULL properties
///
/// 2.6.34 added the struct backlight_properties * argument.  Given NULL,
/// the kernel starts the properties zeroed with type BACKLIGHT_RAW, as
/// the old call did; the driver sets max_brightness afterwards as it
/// always had to.  Calls that already pass five arguments do not match.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
expression name, parent, data, ops;
@@
 backlight_device_register(name, parent, data, ops
+ , NULL
 )
