(module
  ;; The fast path's byte search (lib/fast/simd.ts embeds its binary; simd.test.ts checks the two agree).
  ;; Muła's generic SIMD substring search: each 16 positions at once, the needle's first and last bytes compared
  ;; with i8x16.eq, the rest only where both match.
  (memory (export "memory") 1)
  ;; find(hay, len, needle, n, from): first index >= from of needle (n >= 1) in hay[0, len), or -1.
  (func (export "find") (param $hay i32) (param $len i32) (param $nd i32) (param $n i32) (param $from i32) (result i32)
    (local $i i32) (local $first v128) (local $last v128) (local $m i32) (local $pos i32) (local $k i32) (local $stop i32)
    (local.set $first (i8x16.splat (i32.load8_u (local.get $nd))))
    (local.set $last (i8x16.splat (i32.load8_u (i32.add (local.get $nd) (i32.sub (local.get $n) (i32.const 1))))))
    (local.set $i (local.get $from))
    ;; SIMD while i + 16 + n - 1 <= len
    (local.set $stop (i32.sub (local.get $len) (i32.add (i32.const 15) (local.get $n))))
    (block $done
      (loop $blocks
        (br_if $done (i32.gt_s (local.get $i) (local.get $stop)))
        (local.set $m (i8x16.bitmask (v128.and
          (i8x16.eq (v128.load (i32.add (local.get $hay) (local.get $i))) (local.get $first))
          (i8x16.eq (v128.load (i32.add (i32.add (local.get $hay) (local.get $i)) (i32.sub (local.get $n) (i32.const 1)))) (local.get $last)))))
        (block $nomatch
          (loop $bits
            (br_if $nomatch (i32.eqz (local.get $m)))
            (local.set $pos (i32.add (local.get $i) (i32.ctz (local.get $m))))
            ;; compare needle[1..n-1)
            (local.set $k (i32.const 1))
            (block $cmpdone
              (loop $cmp
                (br_if $cmpdone (i32.ge_u (local.get $k) (i32.sub (local.get $n) (i32.const 1))))
                (br_if $cmpdone (i32.ne (i32.load8_u (i32.add (i32.add (local.get $hay) (local.get $pos)) (local.get $k)))
                                        (i32.load8_u (i32.add (local.get $nd) (local.get $k)))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $cmp)))
            (if (i32.ge_u (local.get $k) (i32.sub (local.get $n) (i32.const 1))) (then (return (local.get $pos))))
            (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
            (br $bits)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $blocks)))
    ;; scalar tail
    (block $tdone
      (loop $tail
        (br_if $tdone (i32.gt_s (i32.add (local.get $i) (local.get $n)) (local.get $len)))
        (local.set $k (i32.const 0))
        (block $c2
          (loop $cmp2
            (br_if $c2 (i32.ge_u (local.get $k) (local.get $n)))
            (br_if $c2 (i32.ne (i32.load8_u (i32.add (i32.add (local.get $hay) (local.get $i)) (local.get $k)))
                               (i32.load8_u (i32.add (local.get $nd) (local.get $k)))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $cmp2)))
        (if (i32.ge_u (local.get $k) (local.get $n)) (then (return (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $tail)))
    (i32.const -1))
)
