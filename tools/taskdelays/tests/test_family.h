/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Generic netlink id the unit tests and the fuzz target use for TASKSTATS
 * (the kernel assigns it at boot), so that seeds from one work in the other.
 */
#ifndef TEST_FAMILY_H
#define TEST_FAMILY_H

#define TEST_FAMILY 0x1a

#endif /* TEST_FAMILY_H */
