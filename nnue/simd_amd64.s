#include "textflag.h"

// AVX2 kernels of the accumulator updates and the output layer. n is the
// number of int16 lanes, a positive multiple of 16.

// func subAddAVX2(dst, src, sub, add *int16, n int)
TEXT ·subAddAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ sub+16(FP), BX
	MOVQ add+24(FP), DX
	MOVQ n+32(FP), CX
loop:
	VMOVDQU (SI), Y0
	VPSUBW  (BX), Y0, Y0
	VPADDW  (DX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, BX
	ADDQ    $32, DX
	ADDQ    $32, DI
	SUBQ    $16, CX
	JNZ     loop
	VZEROUPPER
	RET

// func subAddSubAVX2(dst, src, sub, add, sub2 *int16, n int)
TEXT ·subAddSubAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ sub+16(FP), BX
	MOVQ add+24(FP), DX
	MOVQ sub2+32(FP), R8
	MOVQ n+40(FP), CX
loop2:
	VMOVDQU (SI), Y0
	VPSUBW  (BX), Y0, Y0
	VPADDW  (DX), Y0, Y0
	VPSUBW  (R8), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, BX
	ADDQ    $32, DX
	ADDQ    $32, R8
	ADDQ    $32, DI
	SUBQ    $16, CX
	JNZ     loop2
	VZEROUPPER
	RET

// func dotAVX2(us, them, w *int16, n int, qa int16) int32
// sum over i of clamp(us[i], 0, qa)·w[i] + clamp(them[i], 0, qa)·w[n+i].
TEXT ·dotAVX2(SB), NOSPLIT, $0-44
	MOVQ us+0(FP), SI
	MOVQ them+8(FP), BX
	MOVQ w+16(FP), DX
	MOVQ n+24(FP), CX
	MOVWLZX qa+32(FP), AX
	MOVQ AX, X6
	VPBROADCASTW X6, Y6        // qa in every lane
	VPXOR   Y7, Y7, Y7         // zero
	VPXOR   Y5, Y5, Y5         // the int32 sums
	MOVQ    CX, R9
	SHLQ    $1, R9             // n int16 = 2n bytes: the offset of w's second half
	LEAQ    (DX)(R9*1), R8
loop3:
	VMOVDQU (SI), Y0
	VPMAXSW Y7, Y0, Y0
	VPMINSW Y6, Y0, Y0
	VPMADDWD (DX), Y0, Y0
	VPADDD  Y0, Y5, Y5
	VMOVDQU (BX), Y1
	VPMAXSW Y7, Y1, Y1
	VPMINSW Y6, Y1, Y1
	VPMADDWD (R8), Y1, Y1
	VPADDD  Y1, Y5, Y5
	ADDQ    $32, SI
	ADDQ    $32, BX
	ADDQ    $32, DX
	ADDQ    $32, R8
	SUBQ    $16, CX
	JNZ     loop3
	VEXTRACTI128 $1, Y5, X0
	VPADDD  X0, X5, X5
	VPSHUFD $0x4E, X5, X0
	VPADDD  X0, X5, X5
	VPSHUFD $0xB1, X5, X0
	VPADDD  X0, X5, X5
	MOVL    X5, AX
	MOVL    AX, ret+40(FP)
	VZEROUPPER
	RET

// func dotSqAVX2(us, them, w *int16, n int, qa int16) int32
// sum over i of c·(c·w[i]), c = clamp(us[i], 0, qa), plus the same of them
// with w[n+i]: c·w in int16 lanes (VPMULLW keeps the low half), then
// VPMADDWD multiplies by c again and adds pairs into int32 lanes.
TEXT ·dotSqAVX2(SB), NOSPLIT, $0-44
	MOVQ us+0(FP), SI
	MOVQ them+8(FP), BX
	MOVQ w+16(FP), DX
	MOVQ n+24(FP), CX
	MOVWLZX qa+32(FP), AX
	MOVQ AX, X6
	VPBROADCASTW X6, Y6        // qa in every lane
	VPXOR   Y7, Y7, Y7         // zero
	VPXOR   Y5, Y5, Y5         // the int32 sums
	MOVQ    CX, R9
	SHLQ    $1, R9             // n int16 = 2n bytes: the offset of w's second half
	LEAQ    (DX)(R9*1), R8
loop4:
	VMOVDQU (SI), Y0
	VPMAXSW Y7, Y0, Y0
	VPMINSW Y6, Y0, Y0
	VPMULLW (DX), Y0, Y2
	VPMADDWD Y2, Y0, Y0
	VPADDD  Y0, Y5, Y5
	VMOVDQU (BX), Y1
	VPMAXSW Y7, Y1, Y1
	VPMINSW Y6, Y1, Y1
	VPMULLW (R8), Y1, Y3
	VPMADDWD Y3, Y1, Y1
	VPADDD  Y1, Y5, Y5
	ADDQ    $32, SI
	ADDQ    $32, BX
	ADDQ    $32, DX
	ADDQ    $32, R8
	SUBQ    $16, CX
	JNZ     loop4
	VEXTRACTI128 $1, Y5, X0
	VPADDD  X0, X5, X5
	VPSHUFD $0x4E, X5, X0
	VPADDD  X0, X5, X5
	VPSHUFD $0xB1, X5, X0
	VPADDD  X0, X5, X5
	MOVL    X5, AX
	MOVL    AX, ret+40(FP)
	VZEROUPPER
	RET
