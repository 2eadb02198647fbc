/*
 * The bridge protocol's frames (runtime/bridge/PROTOCOL.md), bounds-checked in both directions.
 * A frame is: u32 length (big-endian, of type + body), u8 type, body. Fields: u32, i64 big-endian;
 * str = u32 byte count + bytes (0xFFFFFFFF = NULL). Nothing here allocates more than a frame holds.
 */
#ifndef PLUGSTACK_WIRE_H
#define PLUGSTACK_WIRE_H

#include <stddef.h>
#include <stdint.h>

#define PS_PROTOCOL 3
/*
 * The most a HELLO's environment may take, counted in its encoded str bytes (4 + length each):
 * entries stop at the one that would pass it, so the frame stays well inside the 1 MiB an
 * unprivileged peer may send however many (even empty) entries the process has.
 */
#define PS_ENV_MAX 262144u
#define PS_NULL_STR 0xFFFFFFFFu
/* The largest frame the bridge accepts from the daemon. */
#define PS_MAX_FRAME (8u << 20)

enum ps_frame_type {
	PS_HELLO = 1, PS_CALL = 2, PS_OPTION = 3, PS_ATTACH = 4, PS_JOB_HELLO = 5, PS_JOB_CALL = 6,
	PS_WELCOME = 64, PS_DONE = 65, PS_OPTION_RC = 66, PS_REFUSE = 67, PS_JOB_FIELDS = 68, PS_JOB_RESULT = 69
};

/* An outgoing frame being built; failed is set (and stays set) when it would exceed max. */
struct ps_out {
	unsigned char *data;
	size_t len, cap, max;
	int failed;
};

void ps_out_begin(struct ps_out *o, enum ps_frame_type type, size_t max);
void ps_out_u32(struct ps_out *o, uint32_t v);
void ps_out_i64(struct ps_out *o, int64_t v);
void ps_out_str(struct ps_out *o, const char *s); /* NULL is written as NULL */
/* Overwrites the u32 written at byte offset at (a count known only after its items). */
void ps_out_patch_u32(struct ps_out *o, size_t at, uint32_t v);
/* Writes the length; 0 when the frame is whole, -1 when it failed (it is freed then). */
int ps_out_end(struct ps_out *o);
void ps_out_free(struct ps_out *o);

/* A cursor over a received frame body; failed is set (and stays set) on any overrun. */
struct ps_in {
	const unsigned char *p;
	size_t left;
	int failed;
};

void ps_in_init(struct ps_in *in, const unsigned char *body, size_t len);
uint32_t ps_in_u32(struct ps_in *in);
int64_t ps_in_i64(struct ps_in *in);
/* A NUL-terminated copy (malloc) of the next string; NULL for a NULL string or on failure (check failed). */
char *ps_in_str(struct ps_in *in);
/* A list count that fits what is left at min_item bytes per item; 0 and failed otherwise. */
uint32_t ps_in_count(struct ps_in *in, size_t min_item);

/*
 * Parses a frame header: on success returns 0 and sets *type and *body_len (the body follows the
 * 5 header bytes); -1 when len is out of range (0, or above max).
 */
int ps_frame_header(const unsigned char head[5], size_t max, uint8_t *type, uint32_t *body_len);

#endif
