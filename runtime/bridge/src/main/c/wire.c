/* The bridge protocol's codec: see wire.h and runtime/bridge/PROTOCOL.md. */
#include "wire.h"

#include <stdlib.h>
#include <string.h>

static void put(struct ps_out *o, const void *bytes, size_t n)
{
	if (o->failed)
		return;
	if (n > o->max - o->len) {
		o->failed = 1;
		return;
	}
	if (o->len + n > o->cap) {
		size_t cap = o->cap ? o->cap : 256;
		unsigned char *d;
		while (cap < o->len + n)
			cap = cap > o->max / 2 ? o->max : cap * 2;
		d = realloc(o->data, cap);
		if (!d) {
			o->failed = 1;
			return;
		}
		o->data = d;
		o->cap = cap;
	}
	memcpy(o->data + o->len, bytes, n);
	o->len += n;
}

void ps_out_begin(struct ps_out *o, enum ps_frame_type type, size_t max)
{
	unsigned char head[5] = { 0, 0, 0, 0, (unsigned char)type };
	memset(o, 0, sizeof(*o));
	o->max = max;
	put(o, head, sizeof(head));
}

void ps_out_u32(struct ps_out *o, uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8),
			       (unsigned char)v };
	put(o, b, sizeof(b));
}

void ps_out_i64(struct ps_out *o, int64_t v)
{
	uint64_t u = (uint64_t)v;
	ps_out_u32(o, (uint32_t)(u >> 32));
	ps_out_u32(o, (uint32_t)u);
}

void ps_out_str(struct ps_out *o, const char *s)
{
	size_t n;
	if (!s) {
		ps_out_u32(o, PS_NULL_STR);
		return;
	}
	n = strlen(s);
	if (n >= PS_NULL_STR) {
		o->failed = 1;
		return;
	}
	ps_out_u32(o, (uint32_t)n);
	put(o, s, n);
}

void ps_out_patch_u32(struct ps_out *o, size_t at, uint32_t v)
{
	if (o->failed || at + 4 > o->len)
		return;
	o->data[at] = (unsigned char)(v >> 24);
	o->data[at + 1] = (unsigned char)(v >> 16);
	o->data[at + 2] = (unsigned char)(v >> 8);
	o->data[at + 3] = (unsigned char)v;
}

int ps_out_end(struct ps_out *o)
{
	uint32_t n;
	if (o->failed || o->len < 5) {
		ps_out_free(o);
		return -1;
	}
	n = (uint32_t)(o->len - 4);
	o->data[0] = (unsigned char)(n >> 24);
	o->data[1] = (unsigned char)(n >> 16);
	o->data[2] = (unsigned char)(n >> 8);
	o->data[3] = (unsigned char)n;
	return 0;
}

void ps_out_free(struct ps_out *o)
{
	free(o->data);
	o->data = NULL;
	o->len = o->cap = 0;
}

void ps_in_init(struct ps_in *in, const unsigned char *body, size_t len)
{
	in->p = body;
	in->left = len;
	in->failed = 0;
}

static int take(struct ps_in *in, size_t n)
{
	if (in->failed || n > in->left) {
		in->failed = 1;
		return 0;
	}
	return 1;
}

uint32_t ps_in_u32(struct ps_in *in)
{
	uint32_t v;
	if (!take(in, 4))
		return 0;
	v = (uint32_t)in->p[0] << 24 | (uint32_t)in->p[1] << 16 | (uint32_t)in->p[2] << 8 | (uint32_t)in->p[3];
	in->p += 4;
	in->left -= 4;
	return v;
}

int64_t ps_in_i64(struct ps_in *in)
{
	uint64_t hi = ps_in_u32(in);
	uint64_t lo = ps_in_u32(in);
	return (int64_t)(hi << 32 | lo);
}

char *ps_in_str(struct ps_in *in)
{
	uint32_t n = ps_in_u32(in);
	char *s;
	if (in->failed || n == PS_NULL_STR)
		return NULL;
	if (!take(in, n))
		return NULL;
	s = malloc((size_t)n + 1);
	if (!s) {
		in->failed = 1;
		return NULL;
	}
	memcpy(s, in->p, n);
	s[n] = '\0';
	if (memchr(s, '\0', n)) { /* a NUL inside would cut the string: refuse it */
		free(s);
		in->failed = 1;
		return NULL;
	}
	in->p += n;
	in->left -= n;
	return s;
}

uint32_t ps_in_count(struct ps_in *in, size_t min_item)
{
	uint32_t n = ps_in_u32(in);
	if (in->failed || (min_item && n > in->left / min_item)) {
		in->failed = 1;
		return 0;
	}
	return n;
}

int ps_frame_header(const unsigned char head[5], size_t max, uint8_t *type, uint32_t *body_len)
{
	uint32_t n = (uint32_t)head[0] << 24 | (uint32_t)head[1] << 16 | (uint32_t)head[2] << 8 | (uint32_t)head[3];
	if (n < 1 || n > max)
		return -1;
	*type = head[4];
	*body_len = n - 1;
	return 0;
}
