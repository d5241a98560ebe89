/// The forty preset text warps of ECMA-376 Part 1 (`presetTextWarpDefinitions`), in
/// CurveType's notation (``TextWarpPreset/read(notation:)``): for each, its name on the command
/// line and the spec's, its adjust values (default, and the range the spec's handle allows), its
/// guides (the spec's formulas, in order) and its paths. These are facts of the spec, written in
/// our own form; a test reads the spec's file and requires every preset here to draw the same
/// paths within 0.01 px at its defaults and at both ends of every adjust range.
public enum TextWarpPresets {
    /// The presets, one paragraph each.
    public static let notation = """
        arch-down textArchDown
          adj = 0 in 0 21599999
          adval: pin 0 adj 21599999
          v1: +- 10800000 0 adval
          v2: +- 32400000 0 adval
          nv1: +- 0 0 v1
          stAng: ?: nv1 v2 v1
          w1: +- 5400000 0 adval
          w2: +- 16200000 0 adval
          d1: +- adval 0 stAng
          d2: +- d1 0 21600000
          v3: +- 0 0 10800000
          c2: ?: w2 d1 d2
          c1: ?: v1 d2 c2
          c0: ?: w1 d1 c1
          swAng: ?: stAng c0 v3
          wt1: sin wd2 adj
          ht1: cos hd2 adj
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          wt2: sin wd2 stAng
          ht2: cos hd2 stAng
          dx2: cat2 wd2 ht2 wt2
          dy2: sat2 hd2 ht2 wt2
          x2: +- hc dx2 0
          y2: +- vc dy2 0
          path M x2 y2 A wd2 hd2 stAng swAng
        arch-down-pour textArchDownPour
          adj1 = 0 in 0 21599999
          adj2 = 25000 in 0 100000
          adval: pin 0 adj1 21599999
          v1: +- 10800000 0 adval
          v2: +- 32400000 0 adval
          nv1: +- 0 0 v1
          stAng: ?: nv1 v2 v1
          w1: +- 5400000 0 adval
          w2: +- 16200000 0 adval
          d1: +- adval 0 stAng
          d2: +- d1 0 21600000
          v3: +- 0 0 10800000
          c2: ?: w2 d1 d2
          c1: ?: v1 d2 c2
          c0: ?: w1 d1 c1
          swAng: ?: stAng c0 v3
          wt1: sin wd2 stAng
          ht1: cos hd2 stAng
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          adval2: pin 0 adj2 99000
          ratio: */ adval2 1 100000
          iwd2: */ wd2 ratio 1
          ihd2: */ hd2 ratio 1
          wt2: sin iwd2 adval
          ht2: cos ihd2 adval
          dx2: cat2 iwd2 ht2 wt2
          dy2: sat2 ihd2 ht2 wt2
          x2: +- hc dx2 0
          y2: +- vc dy2 0
          wt3: sin iwd2 stAng
          ht3: cos ihd2 stAng
          dx3: cat2 iwd2 ht3 wt3
          dy3: sat2 ihd2 ht3 wt3
          x3: +- hc dx3 0
          y3: +- vc dy3 0
          path M x3 y3 A iwd2 ihd2 stAng swAng
          path M x1 y1 A wd2 hd2 stAng swAng
        arch-up textArchUp
          adj = cd2 in 0 21599999
          adval: pin 0 adj 21599999
          v1: +- 10800000 0 adval
          v2: +- 32400000 0 adval
          end: ?: v1 v1 v2
          w1: +- 5400000 0 adval
          w2: +- 16200000 0 adval
          d1: +- end 0 adval
          d2: +- 21600000 d1 0
          c2: ?: w2 d1 d2
          c1: ?: v1 d2 c2
          swAng: ?: w1 d1 c1
          wt1: sin wd2 adj
          ht1: cos hd2 adj
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          path M x1 y1 A wd2 hd2 adval swAng
        arch-up-pour textArchUpPour
          adj1 = cd2 in 0 21599999
          adj2 = 50000 in 0 100000
          adval: pin 0 adj1 21599999
          v1: +- 10800000 0 adval
          v2: +- 32400000 0 adval
          end: ?: v1 v1 v2
          w1: +- 5400000 0 adval
          w2: +- 16200000 0 adval
          d1: +- end 0 adval
          d2: +- 21600000 d1 0
          c2: ?: w2 d1 d2
          c1: ?: v1 d2 c2
          swAng: ?: w1 d1 c1
          wt1: sin wd2 adval
          ht1: cos hd2 adval
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          adval2: pin 0 adj2 99000
          ratio: */ adval2 1 100000
          iwd2: */ wd2 ratio 1
          ihd2: */ hd2 ratio 1
          wt2: sin iwd2 adval
          ht2: cos ihd2 adval
          dx2: cat2 iwd2 ht2 wt2
          dy2: sat2 ihd2 ht2 wt2
          x2: +- hc dx2 0
          y2: +- vc dy2 0
          path M x1 y1 A wd2 hd2 adval swAng
          path M x2 y2 A iwd2 ihd2 adval swAng
        button textButton
          adj = 10800000 in 0 21599999
          adval: pin 0 adj 21599999
          bot: +- 5400000 0 adval
          lef: +- 10800000 0 adval
          top: +- 16200000 0 adval
          rig: +- 21600000 0 adval
          c3: ?: top adval 0
          c2: ?: lef 10800000 c3
          c1: ?: bot rig c2
          stAng: ?: adval c1 0
          w1: +- 21600000 0 stAng
          stAngB: ?: stAng w1 0
          td1: */ bot 2 1
          td2: */ top 2 1
          ntd2: +- 0 0 td2
          w2: +- 0 0 10800000
          c6: ?: top ntd2 w2
          c5: ?: lef 10800000 c6
          c4: ?: bot td1 c5
          v1: ?: adval c4 10800000
          swAngT: +- 0 0 v1
          stT: ?: lef stAngB stAng
          stB: ?: lef stAng stAngB
          swT: ?: lef v1 swAngT
          swB: ?: lef swAngT v1
          wt1: sin wd2 stT
          ht1: cos hd2 stT
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          wt2: sin wd2 stB
          ht2: cos hd2 stB
          dx2: cat2 wd2 ht2 wt2
          dy2: sat2 hd2 ht2 wt2
          x2: +- hc dx2 0
          y2: +- vc dy2 0
          wt3: sin wd2 adj
          ht3: cos hd2 adj
          dx3: cat2 wd2 ht3 wt3
          dy3: sat2 hd2 ht3 wt3
          x3: +- hc dx3 0
          y3: +- vc dy3 0
          path M x1 y1 A wd2 hd2 stT swT
          path M l vc L r vc
          path M x2 y2 A wd2 hd2 stB swB
        button-pour textButtonPour
          adj1 = cd2 in 0 21599999
          adj2 = 50000 in 0 100000
          adval: pin 0 adj1 21599999
          bot: +- 5400000 0 adval
          lef: +- 10800000 0 adval
          top: +- 16200000 0 adval
          rig: +- 21600000 0 adval
          c3: ?: top adval 0
          c2: ?: lef 10800000 c3
          c1: ?: bot rig c2
          stAng: ?: adval c1 0
          w1: +- 21600000 0 stAng
          stAngB: ?: stAng w1 0
          td1: */ bot 2 1
          td2: */ top 2 1
          ntd2: +- 0 0 td2
          w2: +- 0 0 10800000
          c6: ?: top ntd2 w2
          c5: ?: lef 10800000 c6
          c4: ?: bot td1 c5
          v1: ?: adval c4 10800000
          swAngT: +- 0 0 v1
          stT: ?: lef stAngB stAng
          stB: ?: lef stAng stAngB
          swT: ?: lef v1 swAngT
          swB: ?: lef swAngT v1
          wt1: sin wd2 stT
          ht1: cos hd2 stT
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          wt6: sin wd2 stB
          ht6: cos hd2 stB
          dx6: cat2 wd2 ht6 wt6
          dy6: sat2 hd2 ht6 wt6
          x6: +- hc dx6 0
          y6: +- vc dy6 0
          adval2: pin 40000 adj2 99000
          ratio: */ adval2 1 100000
          iwd2: */ wd2 ratio 1
          ihd2: */ hd2 ratio 1
          wt2: sin iwd2 stT
          ht2: cos ihd2 stT
          dx2: cat2 iwd2 ht2 wt2
          dy2: sat2 ihd2 ht2 wt2
          x2: +- hc dx2 0
          y2: +- vc dy2 0
          wt5: sin iwd2 stB
          ht5: cos ihd2 stB
          dx5: cat2 iwd2 ht5 wt5
          dy5: sat2 ihd2 ht5 wt5
          x5: +- hc dx5 0
          y5: +- vc dy5 0
          d1: +- hd2 0 ihd2
          d12: */ d1 1 2
          yu: +- vc 0 d12
          yd: +- vc d12 0
          v1: */ d12 d12 1
          v2: */ ihd2 ihd2 1
          v3: */ v1 1 v2
          v4: +- 1 0 v3
          v5: */ iwd2 iwd2 1
          v6: */ v4 v5 1
          v7: sqrt v6
          xl: +- hc 0 v7
          xr: +- hc v7 0
          wtadj: sin iwd2 adj1
          htadj: cos ihd2 adj1
          dxadj: cat2 iwd2 htadj wtadj
          dyadj: sat2 ihd2 htadj wtadj
          xadj: +- hc dxadj 0
          yadj: +- vc dyadj 0
          path M x1 y1 A wd2 hd2 stT swT
          path M x2 y2 A iwd2 ihd2 stT swT
          path M xl yu L xr yu
          path M xl yd L xr yd
          path M x5 y5 A iwd2 ihd2 stB swB
          path M x6 y6 A wd2 hd2 stB swB
        can-down textCanDown
          adj = 14286 in 0 33333
          a: pin 0 adj 33333
          dy: */ a h 100000
          y0: +- t dy 0
          y1: +- b 0 dy
          ncd2: */ cd2 -1 1
          path M l t A wd2 dy cd2 ncd2
          path M l y1 A wd2 dy cd2 ncd2
        can-up textCanUp
          adj = 85714 in 66667 100000
          a: pin 66667 adj 100000
          dy1: */ a h 100000
          dy: +- h 0 dy1
          y0: +- t dy1 0
          y1: +- t dy 0
          path M l y1 A wd2 dy cd2 cd2
          path M l b A wd2 dy cd2 cd2
        cascade-down textCascadeDown
          adj = 44444 in 28570 100000
          a: pin 28570 adj 100000
          dy: */ a h 100000
          y1: +- t dy 0
          dy2: +- h 0 dy
          dy3: */ dy2 1 4
          y2: +- t dy3 0
          path M l t L r y2
          path M l y1 L r b
        cascade-up textCascadeUp
          adj = 44444 in 28570 100000
          a: pin 28570 adj 100000
          dy: */ a h 100000
          y1: +- t dy 0
          dy2: +- h 0 dy
          dy3: */ dy2 1 4
          y2: +- t dy3 0
          path M l y2 L r t
          path M l b L r y1
        chevron textChevron
          adj = 25000 in 0 50000
          a: pin 0 adj 50000
          y: */ a h 100000
          y1: +- t b y
          path M l y L hc t L r y
          path M l b L hc y1 L r b
        chevron-inverted textChevronInverted
          adj = 75000 in 50000 100000
          a: pin 50000 adj 100000
          y: */ a h 100000
          y1: +- b 0 y
          path M l t L hc y1 L r t
          path M l y L hc b L r y
        circle textCircle
          adj = 10800000 in 0 21599999
          adval: pin 0 adj 21599999
          d0: +- adval 0 10800000
          d1: +- 10800000 0 adval
          d2: +- 21600000 0 adval
          d3: ?: d1 d1 10799999
          d4: ?: d0 d2 d3
          swAng: */ d4 2 1
          wt1: sin wd2 adj
          ht1: cos hd2 adj
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          path M x1 y1 A wd2 hd2 adval swAng
        circle-pour textCirclePour
          adj1 = cd2 in 0 21599999
          adj2 = 50000 in 0 100000
          adval: pin 0 adj1 21599999
          d0: +- adval 0 10800000
          d1: +- 10800000 0 adval
          d2: +- 21600000 0 adval
          d3: ?: d1 d1 10799999
          d4: ?: d0 d2 d3
          swAng: */ d4 2 1
          wt1: sin wd2 adval
          ht1: cos hd2 adval
          dx1: cat2 wd2 ht1 wt1
          dy1: sat2 hd2 ht1 wt1
          x1: +- hc dx1 0
          y1: +- vc dy1 0
          adval2: pin 0 adj2 99000
          ratio: */ adval2 1 100000
          iwd2: */ wd2 ratio 1
          ihd2: */ hd2 ratio 1
          wt2: sin iwd2 adval
          ht2: cos ihd2 adval
          dx2: cat2 iwd2 ht2 wt2
          dy2: sat2 ihd2 ht2 wt2
          x2: +- hc dx2 0
          y2: +- vc dy2 0
          path M x1 y1 A wd2 hd2 adval swAng
          path M x2 y2 A iwd2 ihd2 adval swAng
        curve-down textCurveDown
          adj = 45977 in 0 56338
          a: pin 0 adj 56338
          dy: */ a h 100000
          gd1: */ dy 3 4
          gd2: */ dy 5 4
          gd3: */ dy 3 8
          gd4: */ dy 1 8
          gd5: +- h 0 gd3
          gd6: +- gd4 h 0
          y0: +- t dy 0
          y1: +- t gd1 0
          y2: +- t gd2 0
          y3: +- t gd3 0
          y4: +- t gd4 0
          y5: +- t gd5 0
          y6: +- t gd6 0
          x1: +- l wd3 0
          x2: +- r 0 wd3
          path M l t C x1 y1 x2 y2 r y0
          path M l y5 C x1 y6 x2 y6 r y5
        curve-up textCurveUp
          adj = 45977 in 0 56338
          a: pin 0 adj 56338
          dy: */ a h 100000
          gd1: */ dy 3 4
          gd2: */ dy 5 4
          gd3: */ dy 3 8
          gd4: */ dy 1 8
          gd5: +- h 0 gd3
          gd6: +- gd4 h 0
          y0: +- t dy 0
          y1: +- t gd1 0
          y2: +- t gd2 0
          y3: +- t gd3 0
          y4: +- t gd4 0
          y5: +- t gd5 0
          y6: +- t gd6 0
          x1: +- l wd3 0
          x2: +- r 0 wd3
          path M l y0 C x1 y2 x2 y1 r t
          path M l y5 C x1 y6 x2 y6 r y5
        deflate textDeflate
          adj = 18750 in 0 37500
          a: pin 0 adj 37500
          dy: */ a ss 100000
          gd0: */ dy 4 3
          gd1: +- h 0 gd0
          adjY: +- t dy 0
          y0: +- t gd0 0
          y1: +- t gd1 0
          x0: +- l wd3 0
          x1: +- r 0 wd3
          path M l t C x0 y0 x1 y0 r t
          path M l b C x0 y1 x1 y1 r b
        deflate-bottom textDeflateBottom
          adj = 50000 in 6250 100000
          a: pin 6250 adj 100000
          dy: */ a ss 100000
          dy2: +- h 0 dy
          y1: +- t dy 0
          cp: +- y1 0 dy2
          path M l t L r t
          path M l b Q hc cp r b
        deflate-inflate textDeflateInflate
          adj = 35000 in 5000 95000
          a: pin 5000 adj 95000
          dy: */ a h 100000
          del: */ h 5 100
          dh1: */ h 45 100
          dh2: */ h 55 100
          yh: +- dy 0 del
          yl: +- dy del 0
          y3: +- yh yh dh1
          y4: +- yl yl dh2
          path M l t L r t
          path M l dh1 Q hc y3 r dh1
          path M l dh2 Q hc y4 r dh2
          path M l b L r b
        deflate-inflate-deflate textDeflateInflateDeflate
          adj = 25000 in 3000 47000
          a: pin 3000 adj 47000
          dy: */ a h 100000
          del: */ h 3 100
          ey1: */ h 30 100
          ey2: */ h 36 100
          ey3: */ h 63 100
          ey4: */ h 70 100
          by: +- b 0 dy
          yh1: +- dy 0 del
          yl1: +- dy del 0
          yh2: +- by 0 del
          yl2: +- by del 0
          y1: +- yh1 yh1 ey1
          y2: +- yl1 yl1 ey2
          y3: +- yh2 yh2 ey3
          y4: +- yl2 yl2 ey4
          path M l t L r t
          path M l ey1 Q hc y1 r ey1
          path M l ey2 Q hc y2 r ey2
          path M l ey3 Q hc y3 r ey3
          path M l ey4 Q hc y4 r ey4
          path M l b L r b
        deflate-top textDeflateTop
          adj = 50000 in 0 93750
          a: pin 0 adj 93750
          dy: */ a h 100000
          y1: +- t dy 0
          cp: +- y1 dy 0
          path M l t Q hc cp r t
          path M l b L r b
        double-wave1 textDoubleWave1
          adj1 = 6250 in 0 12500
          adj2 = 0 in -10000 10000
          a1: pin 0 adj1 12500
          a2: pin -10000 adj2 10000
          y1: */ h a1 100000
          dy2: */ y1 10 3
          y2: +- y1 0 dy2
          y3: +- y1 dy2 0
          y4: +- b 0 y1
          y5: +- y4 0 dy2
          y6: +- y4 dy2 0
          of: */ w a2 100000
          of2: */ w a2 50000
          x1: abs of
          dx2: ?: of2 0 of2
          x2: +- l 0 dx2
          dx8: ?: of2 of2 0
          x8: +- r 0 dx8
          dx3: +/ dx2 x8 6
          x3: +- x2 dx3 0
          dx4: +/ dx2 x8 3
          x4: +- x2 dx4 0
          x5: +/ x2 x8 2
          x6: +- x5 dx3 0
          x7: +/ x6 x8 2
          x9: +- l dx8 0
          x15: +- r dx2 0
          x10: +- x9 dx3 0
          x11: +- x9 dx4 0
          x12: +/ x9 x15 2
          x13: +- x12 dx3 0
          x14: +/ x13 x15 2
          x16: +- r 0 x1
          xAdj: +- hc of 0
          path M x2 y1 C x3 y2 x4 y3 x5 y1 C x6 y2 x7 y3 x8 y1
          path M x9 y4 C x10 y5 x11 y6 x12 y4 C x13 y5 x14 y6 x15 y4
        fade-down textFadeDown
          adj = 33333 in 0 49999
          a: pin 0 adj 49999
          dx: */ a w 100000
          x1: +- l dx 0
          x2: +- r 0 dx
          path M l t L r t
          path M x1 b L x2 b
        fade-left textFadeLeft
          adj = 33333 in 0 49999
          a: pin 0 adj 49999
          dy: */ a h 100000
          y1: +- t dy 0
          y2: +- b 0 dy
          path M l y1 L r t
          path M l y2 L r b
        fade-right textFadeRight
          adj = 33333 in 0 49999
          a: pin 0 adj 49999
          dy: */ a h 100000
          y1: +- t dy 0
          y2: +- b 0 dy
          path M l t L r y1
          path M l b L r y2
        fade-up textFadeUp
          adj = 33333 in 0 49999
          a: pin 0 adj 49999
          dx: */ a w 100000
          x1: +- l dx 0
          x2: +- r 0 dx
          path M x1 t L x2 t
          path M l b L r b
        inflate textInflate
          adj = 18750 in 0 20000
          a: pin 0 adj 20000
          dy: */ a h 100000
          gd: */ dy 1 3
          gd0: +- 0 0 gd
          gd1: +- h 0 gd0
          ty: +- t dy 0
          by: +- b 0 dy
          y0: +- t gd0 0
          y1: +- t gd1 0
          x0: +- l wd3 0
          x1: +- r 0 wd3
          path M l ty C x0 y0 x1 y0 r ty
          path M l by C x0 y1 x1 y1 r by
        inflate-bottom textInflateBottom
          adj = 60000 in 60000 100000
          a: pin 60000 adj 100000
          dy: */ a h 100000
          ty: +- t dy 0
          path M l t L r t
          path M l ty Q hc b r ty
        inflate-top textInflateTop
          adj = 40000 in 0 50000
          a: pin 0 adj 50000
          dy: */ a h 100000
          ty: +- t dy 0
          path M l ty Q hc t r ty
          path M l b L r b
        plain textPlain
          adj = 50000 in 30000 70000
          a: pin 30000 adj 70000
          mid: */ a w 100000
          midDir: +- mid 0 hc
          dl: +- mid 0 l
          dr: +- r 0 mid
          dl2: */ dl 2 1
          dr2: */ dr 2 1
          dx: ?: midDir dr2 dl2
          xr: +- l dx 0
          xl: +- r 0 dx
          tlx: ?: midDir l xl
          trx: ?: midDir xr r
          blx: ?: midDir xl l
          brx: ?: midDir r xr
          path M tlx t L trx t
          path M blx b L brx b
        ring-inside textRingInside
          adj = 60000 in 50000 99000
          a: pin 50000 adj 99000
          dy: */ a h 100000
          y: +- t dy 0
          r: */ dy 1 2
          y1: +- t r 0
          y2: +- b 0 r
          path M l y1 A wd2 r 10800000 21599999
          path M l y2 A wd2 r 10800000 21599999
        ring-outside textRingOutside
          adj = 60000 in 50000 99000
          a: pin 50000 adj 99000
          dy: */ a h 100000
          y: +- t dy 0
          r: */ dy 1 2
          y1: +- t r 0
          y2: +- b 0 r
          path M l y1 A wd2 r 10800000 -21599999
          path M l y2 A wd2 r 10800000 -21599999
        slant-down textSlantDown
          adj = 44445 in 28569 100000
          a: pin 28569 adj 100000
          dy: */ a h 100000
          y1: +- t dy 0
          y2: +- b 0 dy
          path M l t L r y2
          path M l y1 L r b
        slant-up textSlantUp
          adj = 55555 in 0 71431
          a: pin 0 adj 71431
          dy: */ a h 100000
          y1: +- t dy 0
          y2: +- b 0 dy
          path M l y1 L r t
          path M l b L r y2
        stop textStop
          adj = 25000 in 14286 50000
          a: pin 14286 adj 50000
          dx: */ w 1 3
          dy: */ a h 100000
          x1: +- l dx 0
          x2: +- r 0 dx
          y1: +- t dy 0
          y2: +- b 0 dy
          path M l y1 L x1 t L x2 t L r y1
          path M l y2 L x1 b L x2 b L r y2
        triangle textTriangle
          adj = 50000 in 0 100000
          a: pin 0 adj 100000
          y: */ a h 100000
          path M l y L hc t L r y
          path M l b L r b
        triangle-inverted textTriangleInverted
          adj = 50000 in 0 100000
          a: pin 0 adj 100000
          y: */ a h 100000
          path M l t L r t
          path M l y L hc b L r y
        wave1 textWave1
          adj1 = 12500 in 0 20000
          adj2 = 0 in -10000 10000
          a1: pin 0 adj1 20000
          a2: pin -10000 adj2 10000
          y1: */ h a1 100000
          dy2: */ y1 10 3
          y2: +- y1 0 dy2
          y3: +- y1 dy2 0
          y4: +- b 0 y1
          y5: +- y4 0 dy2
          y6: +- y4 dy2 0
          of: */ w a2 100000
          of2: */ w a2 50000
          x1: abs of
          dx2: ?: of2 0 of2
          x2: +- l 0 dx2
          dx5: ?: of2 of2 0
          x5: +- r 0 dx5
          dx3: +/ dx2 x5 3
          x3: +- x2 dx3 0
          x4: +/ x3 x5 2
          x6: +- l dx5 0
          x10: +- r dx2 0
          x7: +- x6 dx3 0
          x8: +/ x7 x10 2
          x9: +- r 0 x1
          xAdj: +- hc of 0
          path M x2 y1 C x3 y2 x4 y3 x5 y1
          path M x6 y4 C x7 y5 x8 y6 x10 y4
        wave2 textWave2
          adj1 = 12500 in 0 20000
          adj2 = 0 in -10000 10000
          a1: pin 0 adj1 20000
          a2: pin -10000 adj2 10000
          y1: */ h a1 100000
          dy2: */ y1 10 3
          y2: +- y1 0 dy2
          y3: +- y1 dy2 0
          y4: +- b 0 y1
          y5: +- y4 0 dy2
          y6: +- y4 dy2 0
          of: */ w a2 100000
          of2: */ w a2 50000
          x1: abs of
          dx2: ?: of2 0 of2
          x2: +- l 0 dx2
          dx5: ?: of2 of2 0
          x5: +- r 0 dx5
          dx3: +/ dx2 x5 3
          x3: +- x2 dx3 0
          x4: +/ x3 x5 2
          x6: +- l dx5 0
          x10: +- r dx2 0
          x7: +- x6 dx3 0
          x8: +/ x7 x10 2
          x9: +- r 0 x1
          xAdj: +- hc of 0
          path M x2 y1 C x3 y3 x4 y2 x5 y1
          path M x6 y4 C x7 y6 x8 y5 x10 y4
        wave4 textWave4
          adj1 = 6250 in 0 12500
          adj2 = 0 in -10000 10000
          a1: pin 0 adj1 12500
          a2: pin -10000 adj2 10000
          y1: */ h a1 100000
          dy2: */ y1 10 3
          y2: +- y1 0 dy2
          y3: +- y1 dy2 0
          y4: +- b 0 y1
          y5: +- y4 0 dy2
          y6: +- y4 dy2 0
          of: */ w a2 100000
          of2: */ w a2 50000
          x1: abs of
          dx2: ?: of2 0 of2
          x2: +- l 0 dx2
          dx8: ?: of2 of2 0
          x8: +- r 0 dx8
          dx3: +/ dx2 x8 6
          x3: +- x2 dx3 0
          dx4: +/ dx2 x8 3
          x4: +- x2 dx4 0
          x5: +/ x2 x8 2
          x6: +- x5 dx3 0
          x7: +/ x6 x8 2
          x9: +- l dx8 0
          x15: +- r dx2 0
          x10: +- x9 dx3 0
          x11: +- x9 dx4 0
          x12: +/ x9 x15 2
          x13: +- x12 dx3 0
          x14: +/ x13 x15 2
          x16: +- r 0 x1
          xAdj: +- hc of 0
          path M x2 y1 C x3 y3 x4 y2 x5 y1 C x6 y3 x7 y2 x8 y1
          path M x9 y4 C x10 y6 x11 y5 x12 y4 C x13 y6 x14 y5 x15 y4
        """
}
