// SPDX-License-Identifier: GPL-2.0-only
/// VFL_TYPE_GRABBER was renamed VFL_TYPE_VIDEO in 5.7
///
/// The value is the same (a video capture or output node).
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
@@
- VFL_TYPE_GRABBER
+ VFL_TYPE_VIDEO
