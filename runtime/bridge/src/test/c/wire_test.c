/*
 * The C codec against the golden frames (src/test/golden/frames.txt) that runtime/node's Java test
 * reads too: frames the bridge sends are built here from the same values and must match byte for
 * byte; frames the daemon sends are decoded and their values checked; malformed input is refused.
 * Prints "wire: N passed, N failed" and exits non-zero on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "done.h"
#include "wire.h"

static int passed, failed;

#define CHECK(cond, what) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s: %s\n", what, #cond); } } while (0)

struct golden {
	char name[32];
	char type[16];
	unsigned char bytes[1024];
	size_t len;
};

static struct golden frames[32];
static int nframes;

static int hex(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void load(const char *path)
{
	char line[4096];
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f) && nframes < 32) {
		struct golden *g = &frames[nframes];
		char h[2100];
		size_t i;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%31s %15s %2099s", g->name, g->type, h) != 3)
			continue;
		for (i = 0; h[2 * i] && h[2 * i + 1] && i < sizeof(g->bytes); i++)
			g->bytes[i] = (unsigned char)(hex(h[2 * i]) << 4 | hex(h[2 * i + 1]));
		g->len = i;
		nframes++;
	}
	fclose(f);
}

static const struct golden *golden(const char *name)
{
	int i;
	for (i = 0; i < nframes; i++)
		if (!strcmp(frames[i].name, name))
			return &frames[i];
	fprintf(stderr, "FAIL no golden frame %s\n", name);
	failed++;
	return NULL;
}

static void same(const char *name, struct ps_out *o)
{
	const struct golden *g = golden(name);
	CHECK(ps_out_end(o) == 0, name);
	CHECK(g && o->len == g->len && !memcmp(o->data, g->bytes, g->len), name);
	ps_out_free(o);
}

static void sent_frames(void)
{
	struct ps_out o;
	ps_out_begin(&o, PS_HELLO, PS_MAX_FRAME);
	ps_out_u32(&o, PS_PROTOCOL);
	ps_out_u32(&o, 2);
	ps_out_str(&o, "22.05.8");
	ps_out_u32(&o, 4242);
	ps_out_u32(&o, 2);
	ps_out_str(&o, "sock=/run/plugstack/root.sock");
	ps_out_str(&o, "demo");
	ps_out_str(&o, "io.plugstack.sample.renice@1.2.0");
	ps_out_str(&o, NULL); /* remote: no user's process */
	ps_out_u32(&o, 0);
	same("hello", &o);

	ps_out_begin(&o, PS_HELLO, PS_MAX_FRAME);
	ps_out_u32(&o, PS_PROTOCOL);
	ps_out_u32(&o, 1);
	ps_out_str(&o, "22.05.8");
	ps_out_u32(&o, 4243);
	ps_out_u32(&o, 0);
	ps_out_str(&o, NULL);
	ps_out_str(&o, "/home/u/run");
	ps_out_u32(&o, 2);
	ps_out_str(&o, "HOME=/home/u");
	ps_out_str(&o, "PROJECT=p1");
	same("hello_local", &o);

	ps_out_begin(&o, PS_CALL, PS_MAX_FRAME);
	ps_out_u32(&o, 4);
	ps_out_u32(&o, 4);
	ps_out_u32(&o, 0); ps_out_u32(&o, 0); ps_out_i64(&o, 1000);
	ps_out_u32(&o, 2); ps_out_u32(&o, 0); ps_out_i64(&o, 42);
	ps_out_u32(&o, 20); ps_out_u32(&o, 1); ps_out_str(&o, "22.05.8");
	ps_out_u32(&o, 9); ps_out_u32(&o, 2); ps_out_u32(&o, 3);
	ps_out_str(&o, "sh"); ps_out_str(&o, "-c"); ps_out_str(&o, "true");
	ps_out_u32(&o, 2);
	ps_out_str(&o, "HOME=/home/u");
	ps_out_str(&o, "SLURM_JOB_ID=42");
	same("call", &o);

	ps_out_begin(&o, PS_OPTION, PS_MAX_FRAME);
	ps_out_u32(&o, 3);
	ps_out_str(&o, "5");
	ps_out_u32(&o, 1);
	same("option", &o);

	ps_out_begin(&o, PS_OPTION, PS_MAX_FRAME);
	ps_out_u32(&o, 0);
	ps_out_str(&o, NULL);
	ps_out_u32(&o, 0);
	same("option_null", &o);

	ps_out_begin(&o, PS_ATTACH, PS_MAX_FRAME);
	ps_out_u32(&o, PS_PROTOCOL);
	ps_out_str(&o, "0123456789abcdef");
	ps_out_u32(&o, 4343);
	same("attach", &o);
}

static int body(const char *name, uint8_t want, struct ps_in *in)
{
	const struct golden *g = golden(name);
	uint8_t type;
	uint32_t n;
	if (!g || g->len < 5 || ps_frame_header(g->bytes, PS_MAX_FRAME, &type, &n) || n != g->len - 5 || type != want) {
		failed++;
		fprintf(stderr, "FAIL %s: header\n", name);
		return -1;
	}
	ps_in_init(in, g->bytes + 5, n);
	return 0;
}

static void str_is(struct ps_in *in, const char *want, const char *what)
{
	char *s = ps_in_str(in);
	CHECK(want ? s && !strcmp(s, want) : !s && !in->failed, what);
	free(s);
}

static void received_frames(void)
{
	struct ps_in in;
	if (!body("welcome", PS_WELCOME, &in)) {
		CHECK(ps_in_u32(&in) == PS_PROTOCOL, "welcome protocol");
		str_is(&in, "0123456789abcdef", "welcome session");
		CHECK(ps_in_u32(&in) == 0x811, "welcome callbacks");
		CHECK(!in.failed && in.left == 0, "welcome end");
	}
	if (!body("done", PS_DONE, &in)) {
		struct ps_done d;
		CHECK(ps_done_decode(in.p, in.left, &d) == 0, "done decodes");
		CHECK(d.rc == -1 && d.failure_mode == 0, "done rc and failure mode");
		CHECK(d.nenv == 2 && !d.env[0].unset && !strcmp(d.env[0].name, "A") && !strcmp(d.env[0].value, "1"), "done env set");
		CHECK(d.nenv == 2 && d.env[1].unset && !strcmp(d.env[1].name, "B") && !d.env[1].value, "done env unset");
		CHECK(d.njc == 1 && !d.jc[0].unset && !strcmp(d.jc[0].name, "C") && !strcmp(d.jc[0].value, "2"), "done job control");
		CHECK(d.nlogs == 1 && d.logs[0].level == 0 && !strcmp(d.logs[0].text, "renice: bad"), "done log line");
		CHECK(d.nopts == 1 && !strcmp(d.opts[0].name, "renice") && !strcmp(d.opts[0].arginfo, "prio")
		      && !strcmp(d.opts[0].usage, "run at niceness prio") && d.opts[0].has_arg == 1 && d.opts[0].val == 0, "done option");
		CHECK(d.neffects == 2 && d.effects[0].kind == PS_EFFECT_TASK_NICENESS && d.effects[0].number == -5
		      && d.effects[0].nargs == 0, "done niceness effect");
		CHECK(d.neffects == 2 && d.effects[1].kind == PS_EFFECT_PREPEND_TASK_ARGV && d.effects[1].nargs == 3
		      && !strcmp(d.effects[1].args[0], "nice") && !strcmp(d.effects[1].args[2], "5") && !d.effects[1].args[3],
		      "done prepend argv effect");
		ps_done_free(&d);
		CHECK(ps_done_decode(in.p, in.left - 1, &d) == -1 && !d.env && !d.effects, "done cut short is refused, nothing kept");
	}
	if (!body("option_rc", PS_OPTION_RC, &in)) {
		struct ps_option_rc r;
		CHECK(ps_option_rc_decode(in.p, in.left, &r) == 0 && r.rc == -1, "option_rc rc");
		CHECK(r.nlogs == 1 && r.logs[0].level == 0
		      && !strcmp(r.logs[0].text, "renice: --renice=99: priority must be from -5 to 19"), "option_rc log line");
		ps_option_rc_free(&r);
		CHECK(ps_option_rc_decode(in.p, in.left - 1, &r) == -1 && !r.logs, "option_rc cut short is refused");
	}
	if (!body("refuse", PS_REFUSE, &in)) {
		str_is(&in, "uid 1000 may not open a remote session", "refuse reason");
		CHECK(!in.failed && in.left == 0, "refuse end");
	}
}

/* Every prefix of a valid DONE, and every one-byte corruption of it, decodes whole or not at all. */
static void malformed_done(void)
{
	const struct golden *g = golden("done");
	unsigned char body[1024];
	size_t len, i;
	int b, refused = 0, whole = 0;
	struct ps_done d;
	if (!g || g->len < 5)
		return;
	len = g->len - 5;
	for (i = 0; i < len; i++) {
		refused += ps_done_decode(g->bytes + 5, i, &d) == -1;
	}
	CHECK(refused == (int)len, "every truncated DONE is refused");
	for (i = 0; i < len; i++) {
		for (b = 0; b < 256; b += 17) {
			memcpy(body, g->bytes + 5, len);
			body[i] = (unsigned char)b;
			if (ps_done_decode(body, len, &d) == 0) {
				whole++;
				ps_done_free(&d);
			}
		}
	}
	CHECK(whole > 0, "corrupted DONEs decode whole or not at all (valgrind checks the rest)");
}

static void malformed(void)
{
	static const unsigned char huge_str[] = { 0x40, 0, 0, 0 };             /* a 1 GiB string in 0 bytes */
	static const unsigned char huge_count[] = { 0x80, 0, 0, 0 };           /* 2^31 items in 0 bytes */
	static const unsigned char inner_nul[] = { 0, 0, 0, 3, 'a', 0, 'b' };  /* a NUL inside a string */
	static const unsigned char big_frame[] = { 0x7f, 0xff, 0xff, 0xff, 65 };
	static const unsigned char empty_frame[] = { 0, 0, 0, 0, 65 };
	struct ps_in in;
	struct ps_out o;
	uint8_t type;
	uint32_t n;
	char *s;

	ps_in_init(&in, huge_str, sizeof(huge_str));
	s = ps_in_str(&in);
	CHECK(!s && in.failed, "string longer than its frame");
	ps_in_init(&in, huge_count, sizeof(huge_count));
	CHECK(ps_in_count(&in, 4) == 0 && in.failed, "count that cannot fit");
	ps_in_init(&in, inner_nul, sizeof(inner_nul));
	s = ps_in_str(&in);
	CHECK(!s && in.failed, "NUL inside a string");
	ps_in_init(&in, huge_str, 2);
	CHECK(ps_in_u32(&in) == 0 && in.failed && ps_in_i64(&in) == 0, "truncated u32, then nothing more");
	CHECK(ps_frame_header(big_frame, PS_MAX_FRAME, &type, &n) == -1, "frame above the limit");
	CHECK(ps_frame_header(empty_frame, PS_MAX_FRAME, &type, &n) == -1, "frame of length 0");
	ps_out_begin(&o, PS_CALL, 16);
	ps_out_str(&o, "a string that does not fit in sixteen bytes");
	CHECK(ps_out_end(&o) == -1 && o.data == NULL, "frame above the sender's limit");
	malformed_done();
}

int main(int argc, char **argv)
{
	load(argc > 1 ? argv[1] : "src/test/golden/frames.txt");
	sent_frames();
	received_frames();
	malformed();
	printf("wire: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
