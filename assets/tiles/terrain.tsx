<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="224" columns="16">
 <image source="terrain.png" width="512" height="448"/>
 <tile id="0">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="sand"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="mud"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone floor"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone floor"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden floor"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden floor"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="cobbles"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="shallow water"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="deep water"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="stone wall"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="wooden wall"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="palisade"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="low wall"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="fence"/>
  </properties>
 </tile>
 <tile id="128">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="129">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="130">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="131">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="132">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="133">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="134">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="135">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="136">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="137">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="138">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="139">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="140">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="141">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="142">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="slope"/>
  </properties>
 </tile>
 <tile id="143">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="hilltop"/>
  </properties>
 </tile>
 <tile id="144">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="145">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="146">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="147">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="148">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="149">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="150">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="151">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="152">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="153">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="154">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="155">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="156">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="157">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="158">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="159">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dirt road"/>
  </properties>
 </tile>
 <tile id="160">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="open door"/>
  </properties>
 </tile>
 <tile id="161">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="open door"/>
  </properties>
 </tile>
 <tile id="162">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="full"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="window"/>
  </properties>
 </tile>
 <tile id="163">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="full"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="window"/>
  </properties>
 </tile>
 <tile id="164">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="open door"/>
  </properties>
 </tile>
 <tile id="165">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="open door"/>
  </properties>
 </tile>
 <tile id="166">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="full"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="window"/>
  </properties>
 </tile>
 <tile id="167">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="full"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="window"/>
  </properties>
 </tile>
 <tile id="168">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="full"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="arrow slit"/>
  </properties>
 </tile>
 <tile id="169">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="full"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="arrow slit"/>
  </properties>
 </tile>
 <tile id="170">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="open gate"/>
  </properties>
 </tile>
 <tile id="171">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="open gate"/>
  </properties>
 </tile>
 <tile id="172">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="bridge"/>
  </properties>
 </tile>
 <tile id="173">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="bridge"/>
  </properties>
 </tile>
 <tile id="174">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="rubble"/>
  </properties>
 </tile>
 <tile id="175">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="rubble"/>
  </properties>
 </tile>
 <tile id="176">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tree"/>
  </properties>
 </tile>
 <tile id="177">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tree"/>
  </properties>
 </tile>
 <tile id="178">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tree"/>
  </properties>
 </tile>
 <tile id="179">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tree"/>
  </properties>
 </tile>
 <tile id="180">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tree"/>
  </properties>
 </tile>
 <tile id="181">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="dead tree"/>
  </properties>
 </tile>
 <tile id="182">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="true"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="bushes"/>
  </properties>
 </tile>
 <tile id="183">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="true"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="bushes"/>
  </properties>
 </tile>
 <tile id="184">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="true"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="undergrowth"/>
  </properties>
 </tile>
 <tile id="185">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="true"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="undergrowth"/>
  </properties>
 </tile>
 <tile id="186">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="true"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tall grass"/>
  </properties>
 </tile>
 <tile id="187">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="true"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" type="string" value="reeds"/>
  </properties>
 </tile>
 <tile id="188">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="boulder"/>
  </properties>
 </tile>
 <tile id="189">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="boulder"/>
  </properties>
 </tile>
 <tile id="190">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="rock"/>
  </properties>
 </tile>
 <tile id="191">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="rock"/>
  </properties>
 </tile>
 <tile id="192">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="crates"/>
  </properties>
 </tile>
 <tile id="193">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="crates"/>
  </properties>
 </tile>
 <tile id="194">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="barrels"/>
  </properties>
 </tile>
 <tile id="195">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="barrels"/>
  </properties>
 </tile>
 <tile id="196">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="hay bale"/>
  </properties>
 </tile>
 <tile id="197">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="well"/>
  </properties>
 </tile>
 <tile id="198">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="table"/>
  </properties>
 </tile>
 <tile id="199">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="table"/>
  </properties>
 </tile>
 <tile id="200">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="tent"/>
  </properties>
 </tile>
 <tile id="201">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="campfire"/>
  </properties>
 </tile>
 <tile id="202">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="gravestone"/>
  </properties>
 </tile>
 <tile id="203">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="gravestone"/>
  </properties>
 </tile>
 <tile id="204">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="cart"/>
  </properties>
 </tile>
 <tile id="205">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="cart"/>
  </properties>
 </tile>
 <tile id="206">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="hay bale"/>
  </properties>
 </tile>
 <tile id="207">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="half"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="crates"/>
  </properties>
 </tile>
 <tile id="208">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="209">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="210">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="211">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="212">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="213">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="214">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="215">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="216">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="217">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="218">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="219">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="220">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="221">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="222">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <tile id="223">
  <properties>
   <property name="blocks_move" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="concealment" type="bool" value="false"/>
   <property name="cover" type="string" value="none"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" type="string" value="forest floor"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="Shallow water" type="edge" tile="31">
   <wangcolor name="Shallow water" color="#4e808a" tile="31" probability="1"/>
   <wangtile tileid="16" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="17" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="18" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="19" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="20" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="21" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="22" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="23" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="24" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="25" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="26" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="27" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="28" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="29" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="30" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="31" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Deep water" type="edge" tile="47">
   <wangcolor name="Deep water" color="#284c68" tile="47" probability="1"/>
   <wangtile tileid="32" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="33" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="34" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="35" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="36" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="37" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="38" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="39" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="40" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="41" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="42" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="43" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="44" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="45" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="46" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="47" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Stone wall" type="edge" tile="63">
   <wangcolor name="Stone wall" color="#9c988e" tile="63" probability="1"/>
   <wangtile tileid="48" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="49" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="50" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="51" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="52" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="53" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="54" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="55" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="56" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="57" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="58" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="59" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="60" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="61" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="62" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="63" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Wooden wall" type="edge" tile="79">
   <wangcolor name="Wooden wall" color="#4e3420" tile="79" probability="1"/>
   <wangtile tileid="64" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="65" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="66" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="67" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="68" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="69" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="70" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="71" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="72" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="73" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="74" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="75" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="76" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="77" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="78" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="79" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Palisade" type="edge" tile="95">
   <wangcolor name="Palisade" color="#7a5838" tile="95" probability="1"/>
   <wangtile tileid="80" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="81" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="82" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="83" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="84" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="85" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="86" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="87" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="88" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="89" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="90" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="91" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="92" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="93" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="94" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="95" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Low wall" type="edge" tile="111">
   <wangcolor name="Low wall" color="#88827a" tile="111" probability="1"/>
   <wangtile tileid="96" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="97" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="98" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="99" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="100" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="101" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="102" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="103" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="104" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="105" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="106" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="107" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="108" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="109" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="110" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="111" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Fence" type="edge" tile="127">
   <wangcolor name="Fence" color="#8a6442" tile="127" probability="1"/>
   <wangtile tileid="112" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="113" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="114" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="115" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="116" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="117" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="118" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="119" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="120" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="121" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="122" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="123" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="124" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="125" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="126" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="127" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Hill" type="edge" tile="143">
   <wangcolor name="Hill" color="#8aa052" tile="143" probability="1"/>
   <wangtile tileid="128" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="129" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="130" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="131" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="132" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="133" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="134" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="135" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="136" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="137" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="138" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="139" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="140" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="141" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="142" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="143" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Dirt road" type="edge" tile="159">
   <wangcolor name="Dirt road" color="#8a6c4c" tile="159" probability="1"/>
   <wangtile tileid="144" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="145" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="146" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="147" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="148" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="149" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="150" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="151" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="152" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="153" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="154" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="155" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="156" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="157" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="158" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="159" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="Woodland floor" type="edge" tile="223">
   <wangcolor name="Woodland floor" color="#44503a" tile="223" probability="1"/>
   <wangtile tileid="208" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="209" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="210" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="211" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="212" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="213" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="214" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="215" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="216" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="217" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="218" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="219" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="220" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="221" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="222" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="223" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
 </wangsets>
</tileset>
