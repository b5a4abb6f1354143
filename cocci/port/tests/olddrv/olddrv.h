/* SPDX-License-Identifier: GPL-2.0 */
#ifndef OLDDRV_H
#define OLDDRV_H
int olddrv_helper(void);
#endif
