# A hostile user's client of the node daemon's user.sock (RealSlurmUserLimitsIT). Run as that user.
#   peer.py SOCKET hold N     N connections, each saying a local HELLO; prints "welcome W refuse R other O: <a refusal>",
#                             then holds them all until its stdin ends
#   peer.py SOCKET flood S    connects and hangs up as fast as it can for S seconds; prints how many
#   peer.py SOCKET forge TEXT one HELLO whose slurm_version is TEXT (newlines and all); prints the answer's type
#   peer.py SOCKET fuzz S     for S seconds: random and mutated frames of every type, lengths that lie, deep JSON,
#                             each on a new connection; prints how many connections it made
import random, socket, struct, sys, time

def hello(version=b"22.05.8"):
    body = struct.pack(">II", 3, 1) + struct.pack(">I", len(version)) + version
    body += struct.pack(">IIIII", 4242, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0)  # pid, args, job_versions, workdir, environment
    return struct.pack(">IB", len(body) + 1, 1) + body

def answer(c):
    d = b""
    try:
        while len(d) < 5 or len(d) < 4 + struct.unpack(">I", d[:4])[0]:
            x = c.recv(65536)
            if not x:
                break
            d += x
    except Exception as e:
        return ("other", repr(e))
    if len(d) < 5:
        return ("other", "closed")
    t = d[4]
    if t == 64:
        return ("welcome", "")
    if t == 67:
        n = struct.unpack(">I", d[5:9])[0]
        return ("refuse", d[9:9 + n].decode("utf-8", "replace"))
    return ("other", "type %d" % t)

sock, mode, arg = sys.argv[1], sys.argv[2], sys.argv[3]
if mode == "hold":
    held, counts, why = [], {"welcome": 0, "refuse": 0, "other": 0}, ""
    for i in range(int(arg)):
        c = socket.socket(socket.AF_UNIX)
        c.settimeout(30)
        try:
            c.connect(sock)
            c.sendall(hello())
            kind, text = answer(c)
        except Exception as e:
            kind, text = "other", repr(e)
        counts[kind] += 1
        if kind != "welcome" and not why:
            why = text
        held.append(c)
    print("welcome %(welcome)d refuse %(refuse)d other %(other)d: " % counts + why)
    sys.stdout.flush()
    sys.stdin.read()
elif mode == "flood":
    end, n = time.time() + float(arg), 0
    while time.time() < end:
        c = socket.socket(socket.AF_UNIX)
        try:
            c.connect(sock)
        except Exception:
            pass
        c.close()
        n += 1
    print("connections %d" % n)
elif mode == "fuzz":
    rnd = random.Random(26)
    def frame(t, body):
        return struct.pack(">IB", len(body) + 1, t) + body
    def s_(b):
        return struct.pack(">I", len(b)) + b
    def cli_hello():
        return frame(7, struct.pack(">I", 3) + s_(b"srun") + struct.pack(">II", 0xFFFFFFFF, 0))
    def deep_call():
        n = rnd.choice([10, 1000, 200000])
        return frame(8, struct.pack(">IIIII", 1, 0, 0, 0, 0) + s_(b'{"argv":' + b"[" * n + b"]" * n + b"}"))
    def garbage():
        t = rnd.choice([1, 2, 3, 4, 5, 6, 7, 8, 64, 65, 66, 67, 68, 69, 70, 0, 9, 255])
        return frame(t, bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 300))))
    def mutated():
        b = bytearray(hello() if rnd.random() < 0.5 else cli_hello() + deep_call())
        for _ in range(rnd.randint(1, 6)):
            b[rnd.randrange(len(b))] = rnd.getrandbits(8)
        return bytes(b)
    def lying():
        return struct.pack(">IB", rnd.choice([0, 2 ** 20 + 1, 2 ** 31 - 1, 0xFFFFFFFF, 5000]), rnd.choice([1, 7, 8])) + b"x" * 10
    makers = [garbage, mutated, lying, lambda: cli_hello() + deep_call(), lambda: hello() + garbage()]
    end, n = time.time() + float(arg), 0
    while time.time() < end:
        c = socket.socket(socket.AF_UNIX)
        c.settimeout(0.5)
        try:
            c.connect(sock)
            c.sendall(rnd.choice(makers)())
            c.recv(65536)
        except Exception:
            pass
        c.close()
        n += 1
    print("connections %d" % n)
elif mode == "forge":
    c = socket.socket(socket.AF_UNIX)
    c.settimeout(30)
    c.connect(sock)
    c.sendall(hello(arg.encode()))
    print(answer(c)[0])
