// SPDX-License-Identifier: GPL-2.0-only
/// dev->priv of a struct net_device to netdev_priv(dev)
///
/// 2.6.29 removed net_device.priv.  Until then alloc_netdev() and
/// alloc_etherdev() set it to the private area they allocated after the
/// struct, the area netdev_priv() returns: the same pointer, as long as
/// the driver never stored another one there.  So the reads become
/// netdev_priv(dev) only in a file that allocates its net_device with
/// a private area (a sizeof as the size) and never assigns or takes
/// the address of any ->priv: a driver that keeps a kmalloc()ed area
/// there is left for a person (allocate the net_device with sizeof the
/// private struct, or keep the pointer in the private area).
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@alloc@
type T;
expression E;
identifier f = {alloc_netdev, alloc_etherdev, alloc_netdev_mq, alloc_etherdev_mq};
@@
(
 f(sizeof(T), ...)
|
 f(sizeof(E), ...)
|
 f(sizeof E, ...)
)

// any ->priv written or aliased, whatever its type: spatch does not
// know the type of every expression, and a wrong guess here would
// turn a pointer of the driver's own into netdev_priv()
@stored@
expression D, X;
@@
(
 D->priv = X
|
 &D->priv
|
 D->priv++
|
 D->priv--
)

// a cast first, so that spatch writes it without a space
@depends on patch && alloc && !stored@
struct net_device *d;
type T;
@@
- (T)d->priv
+ (T)netdev_priv(d)

@depends on patch && alloc && !stored@
struct net_device *d;
@@
- d->priv
+ netdev_priv(d)
