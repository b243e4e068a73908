import type { LangClient } from '../db/schema';
import { langBundles, langStrings } from '../db/schema';
import type { Conn } from './sql-text';

/** [key, en, th, zh, my]; '' where the translation is still missing. */
type Row = readonly [string, string, string, string, string];

const COMMON: Row[] = [
  ['button.ok', 'OK', 'ตกลง', '确定', 'အိုကေ'],
  ['button.cancel', 'Cancel', 'ยกเลิก', '取消', 'မလုပ်တော့ပါ'],
  ['button.save', 'Save', 'บันทึก', '保存', 'သိမ်းမည်'],
  ['button.retry', 'Try again', 'ลองอีกครั้ง', '重试', 'ထပ်ကြိုးစားပါ'],
  ['error.network', 'No internet connection', 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต', '没有网络连接', 'အင်တာနက် ချိတ်ဆက်မှု မရှိပါ'],
  ['auth.sign_in', 'Sign in', 'เข้าสู่ระบบ', '登录', 'အကောင့်ဝင်ရန်'],
  ['auth.sign_out', 'Sign out', 'ออกจากระบบ', '退出登录', 'အကောင့်မှ ထွက်ရန်'],
  ['order.status.pending', 'Waiting for the shop', 'รอร้านยืนยัน', '等待商家确认', 'ဆိုင်၏ အတည်ပြုချက်ကို စောင့်နေသည်'],
  ['order.status.cooking', 'Preparing', 'กำลังเตรียมอาหาร', '正在备餐', 'ပြင်ဆင်နေသည်'],
  ['order.status.delivering', 'On the way', 'กำลังจัดส่ง', '配送中', 'ပို့ဆောင်နေသည်'],
  ['order.status.delivered', 'Delivered', 'จัดส่งสำเร็จ', '已送达', 'ပို့ဆောင်ပြီး'],
  ['order.status.cancelled', 'Cancelled', 'ยกเลิกแล้ว', '已取消', 'ပယ်ဖျက်ပြီး'],
];

const MEMBER: Row[] = [
  ...COMMON,
  ['home.search_placeholder', 'Search food or shops', 'ค้นหาอาหารหรือร้านค้า', '搜索美食或商家', 'အစားအစာ သို့မဟုတ် ဆိုင် ရှာရန်'],
  ['home.popular', 'Popular near you', 'ยอดนิยมใกล้คุณ', '附近热门', 'သင့်အနီးရှိ လူကြိုက်များသော'],
  ['home.promotions', 'Promotions', 'โปรโมชัน', '优惠活动', 'ပရိုမိုးရှင်းများ'],
  ['cart.title', 'Your cart', 'ตะกร้าของคุณ', '购物车', 'သင့်ခြင်းတောင်း'],
  ['cart.empty', 'Your cart is empty', 'ตะกร้าของคุณว่างอยู่', '购物车是空的', 'သင့်ခြင်းတောင်း ဗလာဖြစ်နေသည်'],
  ['cart.checkout', 'Checkout', 'ชำระเงิน', '去结算', 'ငွေရှင်းရန်'],
  ['checkout.delivery_fee', 'Delivery fee', 'ค่าจัดส่ง', '配送费', 'ပို့ဆောင်ခ'],
  ['checkout.voucher', 'Use a voucher', 'ใช้คูปอง', '使用优惠券', ''],
  ['checkout.place_order', 'Place order', 'สั่งซื้อ', '下单', 'မှာယူမည်'],
  ['order.message.placed', 'Your order has been placed', 'สั่งซื้อเรียบร้อยแล้ว', '订单已提交', 'သင့်အော်ဒါ တင်ပြီးပါပြီ'],
  ['order.message.biker_assigned', 'A rider is on the way to the shop', 'ไรเดอร์กำลังไปที่ร้าน', '骑手正在前往商家', ''],
  ['order.message.arriving', 'Your rider is arriving', 'ไรเดอร์ใกล้ถึงแล้ว', '', ''],
  ['order.rate_shop', 'Rate the shop', 'ให้คะแนนร้านค้า', '评价商家', 'ဆိုင်ကို အဆင့်သတ်မှတ်ရန်'],
  ['order.rate_rider', 'Rate the rider', 'ให้คะแนนไรเดอร์', '评价骑手', 'ပို့ဆောင်သူကို အဆင့်သတ်မှတ်ရန်'],
  ['points.balance', 'Your points', 'คะแนนของคุณ', '我的积分', 'သင့်အမှတ်များ'],
  ['points.redeem', 'Redeem', 'แลกคะแนน', '兑换', ''],
  ['profile.addresses', 'My addresses', 'ที่อยู่ของฉัน', '我的地址', 'ကျွန်ုပ်၏ လိပ်စာများ'],
  ['profile.language', 'Language', 'ภาษา', '语言', 'ဘာသာစကား'],
];

const SHOP: Row[] = [
  ...COMMON,
  ['shop.open', 'Open', 'เปิดร้าน', '营业中', 'ဖွင့်ထားသည်'],
  ['shop.closed', 'Closed', 'ปิดร้าน', '休息中', 'ပိတ်ထားသည်'],
  ['shop.go_online', 'Start taking orders', 'เริ่มรับออเดอร์', '开始接单', 'အော်ဒါ စလက်ခံမည်'],
  ['order.new', 'New order', 'ออเดอร์ใหม่', '新订单', 'အော်ဒါအသစ်'],
  ['order.accept', 'Accept', 'รับออเดอร์', '接单', 'လက်ခံမည်'],
  ['order.reject', 'Reject', 'ปฏิเสธ', '拒单', 'ငြင်းပယ်မည်'],
  ['order.ready', 'Food is ready', 'อาหารพร้อมแล้ว', '已出餐', 'အစားအစာ အဆင်သင့်ဖြစ်ပြီ'],
  ['order.message.rider_waiting', 'The rider is waiting at your shop', 'ไรเดอร์รออยู่ที่ร้าน', '骑手已到店等待', ''],
  ['menu.title', 'Menu', 'เมนู', '菜单', 'မီနူး'],
  ['menu.add_item', 'Add a dish', 'เพิ่มเมนู', '添加菜品', 'ဟင်းပွဲ ထည့်ရန်'],
  ['menu.sold_out', 'Sold out', 'หมด', '已售罄', 'ကုန်သွားပြီ'],
  ['menu.price', 'Price', 'ราคา', '价格', 'စျေးနှုန်း'],
  ['wallet.balance', 'Balance', 'ยอดเงินคงเหลือ', '余额', 'လက်ကျန်ငွေ'],
  ['wallet.withdraw', 'Withdraw', 'ถอนเงิน', '提现', ''],
  ['report.today_sales', "Today's sales", 'ยอดขายวันนี้', '今日销售额', 'ယနေ့ ရောင်းအား'],
  ['hours.title', 'Opening hours', 'เวลาเปิด-ปิด', '营业时间', 'ဖွင့်ချိန်'],
];

const BIKER: Row[] = [
  ...COMMON,
  ['biker.go_online', 'Go online', 'เริ่มรับงาน', '上线接单', 'အွန်လိုင်း ဖွင့်မည်'],
  ['biker.go_offline', 'Go offline', 'หยุดรับงาน', '下线', 'အော့ဖ်လိုင်း ပြောင်းမည်'],
  ['task.new', 'New delivery task', 'มีงานใหม่', '新配送任务', 'ပို့ဆောင်ရန် အလုပ်အသစ်'],
  ['task.accept', 'Accept task', 'รับงาน', '接受任务', 'အလုပ်လက်ခံမည်'],
  ['task.pick_up', 'Picked up', 'รับของแล้ว', '已取货', 'ပစ္စည်းယူပြီး'],
  ['task.navigate', 'Navigate', 'นำทาง', '导航', 'လမ်းညွှန်'],
  ['task.call_customer', 'Call the customer', 'โทรหาลูกค้า', '联系顾客', 'ဖောက်သည်ကို ဖုန်းဆက်ရန်'],
  ['task.arrived', 'Arrived at the customer', 'ถึงจุดส่งแล้ว', '已到达顾客处', ''],
  ['task.complete', 'Complete delivery', 'ส่งของสำเร็จ', '完成配送', 'ပို့ဆောင်မှု ပြီးဆုံးပြီ'],
  ['task.time_left', 'Seconds left to accept', 'เวลาที่เหลือในการรับงาน', '剩余接单时间', ''],
  ['earnings.today', "Today's earnings", 'รายได้วันนี้', '今日收入', 'ယနေ့ ဝင်ငွေ'],
  ['earnings.week', 'This week', 'สัปดาห์นี้', '本周', 'ဤအပတ်'],
  ['wallet.withdraw', 'Withdraw', 'ถอนเงิน', '提现', 'ငွေထုတ်မည်'],
  ['package.current', 'Your package', 'แพ็กเกจของคุณ', '', ''],
];

/** Delivery's apps have their words in four languages, a few Chinese and Burmese ones still missing; Marketplace has none yet. */
export const SEED_LANG_STRINGS: Record<LangClient, Row[]> = { member: MEMBER, shop: SHOP, biker: BIKER };

/** The demo strings of the Delivery app (deterministic), and each client's bundle at version 1. */
export async function seedLangStrings(tx: Conn, companyId: number, appId: number, adminId: number, now: Date): Promise<void> {
  for (const [client, rows] of Object.entries(SEED_LANG_STRINGS) as [LangClient, Row[]][]) {
    await tx
      .insert(langStrings)
      .values(rows.map(([key, en, th, zh, my]) => ({ companyId, appId, client, key, en, th, zh, my, createdAt: now, updatedAt: now, updatedBy: adminId })));
    await tx.insert(langBundles).values({ companyId, appId, client, version: 1, updatedAt: now });
  }
}
