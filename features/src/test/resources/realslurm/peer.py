# A hostile user's client of the node daemon's user.sock (RealSlurmUserLimitsIT). Run as that user.
#   peer.py SOCKET hold N     N connections, each saying a local HELLO; prints "welcome W refuse R other O: <a refusal>",
#                             then holds them all until its stdin ends
#   peer.py SOCKET flood S    connects and hangs up as fast as it can for S seconds; prints how many
#   peer.py SOCKET forge TEXT one HELLO whose slurm_version is TEXT (newlines and all); prints the answer's type
import socket, struct, sys, time

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
elif mode == "forge":
    c = socket.socket(socket.AF_UNIX)
    c.settimeout(30)
    c.connect(sock)
    c.sendall(hello(arg.encode()))
    print(answer(c)[0])
