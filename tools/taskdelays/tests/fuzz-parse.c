// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a datagram as td_nl_recv() gets it, split into netlink
 * messages the same way, each handed to td_parse_msg().
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/msg.h>

#include "taskstats_parse.h"
#include "tests/test_family.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* recv() buffers are aligned; fuzzer input need not be */
	struct nlmsghdr *buf = malloc(size ? size : 1), *nlh;
	struct td_msg msg;
	int n = size;

	memcpy(buf, data, size);
	for (nlh = buf; nlmsg_ok(nlh, n); nlh = nlmsg_next(nlh, &n)) {
		if (td_parse_msg(nlh, nlh->nlmsg_len, TEST_FAMILY, &msg))
			break;
	}
	/* and the whole buffer as one message, whatever its header says */
	td_parse_msg(buf, size, TEST_FAMILY, &msg);
	free(buf);
	return 0;
}
